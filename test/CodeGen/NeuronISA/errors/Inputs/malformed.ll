define void @f() {
entry:
}
