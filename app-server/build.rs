//! Makes sure the embedded site's folder exists before rust-embed looks at it (it keeps a
//! wrong path otherwise), and rebuilds when the built site changes.

fn main() {
    let dist = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../frontend/web/dist");
    let _ = std::fs::create_dir_all(&dist);
    println!("cargo:rerun-if-changed=../frontend/web/dist");
}
