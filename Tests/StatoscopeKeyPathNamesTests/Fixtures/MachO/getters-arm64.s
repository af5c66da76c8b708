// Key path getters as Swift names them, for the Mach-O fixtures: the getter of `tapCount` is local
// (as every key path getter is), the one of `title` exported; `thunk` only jumps to the first, as
// optimized builds' unnamed thunks do, with arm64e's return-address signing around its frame
// (`hint #27` is `pacibsp`, `hint #31` is `autibsp`, written as hints so plain arm64 assembles them).
    .section __TEXT,__text,regular,pure_instructions
    .p2align 2
    .globl "_$s7Fixture7CounterC5titleSSvpACTK"
"_$s7Fixture7CounterC5titleSSvpACTK":
    ret
"_$s7Fixture7CounterC8tapCountSivpACTK":
    mov x0, #0
    ret
"_$s7Fixture5thunkyyF":
    hint #27
    stp x29, x30, [sp, #-16]!
    mov x29, sp
    ldp x29, x30, [sp], #16
    hint #31
    b "_$s7Fixture7CounterC8tapCountSivpACTK"
