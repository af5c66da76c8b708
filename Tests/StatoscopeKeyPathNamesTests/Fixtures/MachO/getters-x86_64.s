// The x86_64 slice of the universal fixture: the same getters, and a thunk that jumps to the first.
    .section __TEXT,__text,regular,pure_instructions
    .globl "_$s7Fixture7CounterC5titleSSvpACTK"
"_$s7Fixture7CounterC5titleSSvpACTK":
    ret
"_$s7Fixture7CounterC8tapCountSivpACTK":
    xorl %eax, %eax
    ret
"_$s7Fixture5thunkyyF":
    pushq %rbp
    movq %rsp, %rbp
    popq %rbp
    jmp "_$s7Fixture7CounterC8tapCountSivpACTK"
