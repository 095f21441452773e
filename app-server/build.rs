//! Makes sure the embedded site's and widget's folders exist before rust-embed looks at them
//! (it keeps a wrong path otherwise), and rebuilds when either build changes.

fn main() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for dist in ["../frontend/web/dist", "../frontend/widget/dist"] {
        let _ = std::fs::create_dir_all(root.join(dist));
        println!("cargo:rerun-if-changed={dist}");
    }
}
