//! `uniffi-bindgen generate --library <libgiveaway_core.so> --language kotlin --config uniffi.toml --out-dir DIR`
fn main() {
    uniffi::uniffi_bindgen_main()
}
