fn main() {
    tritium_build_support::write_pass_list();
}
