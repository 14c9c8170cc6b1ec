//! `uniffi-bindgen generate --library <libgiveaway_ffi.so> --language kotlin --config uniffi.toml --out-dir DIR`
fn main() {
    uniffi::uniffi_bindgen_main()
}
