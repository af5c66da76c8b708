// The inspector's page: it only reads. Every request carries the token the page was opened with.
"use strict";

const token = new URLSearchParams(location.search).get("token") || "";
const withToken = (path, params = {}) =>
  path + "?" + new URLSearchParams({ ...params, token }).toString();

// Everything the page received, as text: what a test reads to check that nothing sensitive arrived.
window.inspectorReceived = [];

const state = {
  events: new Map(),
  effects: new Map(),
  scopes: new Set(),
  selected: null,
  canReplay: false,
  // What the page says of the recording it shows, when no app is running; null for a live app.
  recording: null,
};
const $ = (id) => document.getElementById(id);

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function reset() {
  state.events.clear();
  state.effects.clear();
  $("timeline").replaceChildren();
}

function kindsShown() {
  return new Set([...document.querySelectorAll("#filters input:checked")].map((box) => box.dataset.kind));
}

function applyFilter(row) {
  const scope = $("scope-filter").value;
  const shown = kindsShown().has(row.dataset.kind) && (!scope || row.dataset.scope === scope);
  row.hidden = !shown;
}

function noteScope(scope) {
  if (!scope || state.scopes.has(scope)) return;
  state.scopes.add(scope);
  $("scope-filter").append(element("option", "", scope));
}

function addRow(kind, scope, label, text, extraClass) {
  const row = element("li", kind + (extraClass ? " " + extraClass : ""));
  row.dataset.kind = kind;
  row.dataset.scope = scope || "";
  row.append(element("span", "kind", label), element("span", "scope", (scope || "") + " "), element("span", "text", text));
  $("timeline").append(row);
  noteScope(scope);
  applyFilter(row);
  return row;
}

function receiveEvent(message) {
  const row = addRow("event", message.scope, "event", "<- " + message.text, message.cause ? "nested" : "");
  row.dataset.id = message.id;
  row.addEventListener("click", () => select(message, row));
  state.events.set(message.id, { message, row });
}

function receiveEffect(message) {
  let effect = state.effects.get(message.id);
  if (!effect) {
    const row = addRow("effect", message.scope, message.stream ? "stream" : "effect", message.text, "nested");
    const outcome = element("span", "effect-outcome");
    row.append(outcome);
    effect = { row, outcome };
    state.effects.set(message.id, effect);
  }
  effect.outcome.textContent = message.step;
  effect.outcome.className = "effect-outcome " + message.step;
  effect.row.dataset.step = message.step;
}

function receiveTree(message) {
  $("tree").textContent = message.text;
  const body = $("work").querySelector("tbody");
  body.replaceChildren(
    ...(message.work || []).map((work) => {
      const row = element("tr");
      row.append(element("td", "", work.scope), element("td", "", work.effect), element("td", "", work.phase));
      return row;
    })
  );
  if (!message.work || message.work.length === 0) {
    const row = element("tr");
    const cell = element("td", "", "nothing in flight");
    cell.colSpan = 3;
    row.append(cell);
    body.append(row);
  }
}

function receive(raw) {
  window.inspectorReceived.push(raw);
  const message = JSON.parse(raw);
  switch (message.kind) {
    case "hello":
      reset();
      $("root-type").textContent = message.scope;
      state.canReplay = message.canReplay;
      state.recording = message.recording || null;
      $("recording").hidden = !state.recording;
      $("recording").textContent = state.recording || "";
      $("tree-label").textContent = state.recording ? "after the last event replayed" : "live";
      showConnected();
      break;
    case "event":
      receiveEvent(message);
      break;
    case "eventFailed": {
      const event = state.events.get(message.id);
      if (event) {
        event.row.classList.add("failed");
        event.row.append(element("span", "effect-outcome failed", "threw " + message.text));
      }
      break;
    }
    case "eventEndedTheRun": {
      const event = state.events.get(message.id);
      if (event) {
        event.row.classList.add("failed");
        event.row.append(element("span", "effect-outcome failed", "ended the recorded run: not replayed"));
      }
      break;
    }
    case "effect":
      receiveEffect(message);
      break;
    case "report":
      addRow("report", message.scope, "error", message.text);
      break;
    case "analytics":
      addRow("analytics", message.scope, "analytics", message.text);
      break;
    case "tree":
      receiveTree(message);
      break;
  }
}

// The lines of `after`, marked against `before`: a longest common subsequence of lines.
function diffLines(before, after) {
  const a = before.split("\n");
  const b = after.split("\n");
  const lengths = Array.from({ length: a.length + 1 }, () => new Array(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lengths[i][j] = a[i] === b[j] ? lengths[i + 1][j + 1] + 1 : Math.max(lengths[i + 1][j], lengths[i][j + 1]);
  const lines = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      i++;
      j++;
    } else if (i < a.length && (j === b.length || lengths[i + 1][j] >= lengths[i][j + 1])) {
      lines.push(["removed", "- " + a[i++]]);
    } else {
      lines.push(["added", "+ " + b[j++]]);
    }
  }
  return lines;
}

async function select(message, row) {
  if (state.selected) state.selected.classList.remove("selected");
  state.selected = row;
  row.classList.add("selected");
  $("detail-title").textContent = "#" + message.id + " " + message.scope + " <- " + message.text;
  $("detail-diff").replaceChildren();
  if (!state.canReplay) {
    $("detail-state").textContent =
      "The app started the inspector without replayingInto: only the live state can be shown.";
    return;
  }
  $("detail-state").textContent = "replaying…";
  const response = await fetch(withToken("state", { event: message.id, inputs: message.inputs }));
  const body = await response.text();
  window.inspectorReceived.push(body);
  if (state.selected !== row) return;
  if (!response.ok) {
    $("detail-state").textContent = body;
    return;
  }
  const states = JSON.parse(body);
  $("detail-state").textContent = states.after;
  const changes = diffLines(states.before, states.after);
  $("detail-diff").replaceChildren(
    ...(changes.length ? changes.map(([kind, line]) => element("div", kind, line)) : [element("div", "", "no change")])
  );
}

async function copyTestPlan() {
  const response = await fetch(withToken("test-plan"));
  const body = await response.text();
  window.inspectorReceived.push(body);
  if (!response.ok) {
    $("plan-message").textContent = body.trim();
    return;
  }
  try {
    await navigator.clipboard.writeText(body);
    $("plan-message").textContent = "copied";
  } catch {
    $("plan-message").textContent = "the browser refused the clipboard";
  }
}

// A recording opened without its app is not live: the status says which the page shows.
function showConnected() {
  $("connection").textContent = state.recording ? "recording, no app running" : "live";
  $("connection").className = "status live";
}

function connect() {
  const source = new EventSource(withToken("events"));
  source.onopen = showConnected;
  source.onerror = () => {
    $("connection").textContent = "disconnected, retrying…";
    $("connection").className = "status";
  };
  source.onmessage = (event) => receive(event.data);
}

document.addEventListener("DOMContentLoaded", () => {
  $("scope-filter").addEventListener("change", () => document.querySelectorAll("#timeline li").forEach(applyFilter));
  document.querySelectorAll("#filters input").forEach((box) =>
    box.addEventListener("change", () => document.querySelectorAll("#timeline li").forEach(applyFilter))
  );
  $("copy-plan").addEventListener("click", copyTestPlan);
  connect();
});
