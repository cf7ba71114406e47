/**
 * Binary or text, the way git decides it (a NUL byte in the first 8000 bytes, buffer_is_binary in
 * git's xdiff-interface.c), plus extensions of formats that are binary by definition (Linguist's
 * "likely binary" mime types, reduced to the common ones). The extension list is what decides for
 * blobs that are never read because they are over the size limit, and for the pull-request
 * review, which sees a changed file's name but not its bytes.
 */
const FIRST_FEW_BYTES = 8000;

const BINARY_EXTENSIONS = new Set(
  [
    // images
    'png', 'jpg', 'jpeg', 'gif', 'bmp', 'ico', 'icns', 'webp', 'tif', 'tiff', 'psd', 'heic', 'avif',
    'xcf', 'jxl',
    // fonts
    'ttf', 'otf', 'woff', 'woff2', 'eot',
    // archives and packages
    'zip', 'gz', 'tgz', 'bz2', 'xz', 'zst', '7z', 'rar', 'tar', 'jar', 'war', 'ear', 'apk', 'aab',
    'ipa', 'whl', 'egg', 'nupkg', 'deb', 'rpm', 'dmg', 'iso', 'cab', 'msi', 'gem', 'crate',
    // executables, objects, bytecode
    'exe', 'dll', 'so', 'dylib', 'a', 'lib', 'o', 'obj', 'bin', 'class', 'pyc', 'pyo', 'pyd',
    'wasm', 'elc', 'beam', 'dex', 'pdb', 'node',
    // audio and video
    'mp3', 'mp4', 'm4a', 'm4v', 'wav', 'ogg', 'oga', 'flac', 'aac', 'avi', 'mov', 'mkv', 'webm',
    'wmv', 'flv', 'mpg', 'mpeg', 'opus',
    // documents and data stores
    'pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp', 'sqlite', 'sqlite3',
    'db', 'mdb', 'parquet', 'npy', 'npz', 'h5', 'hdf5', 'onnx', 'tflite', 'pt', 'ckpt',
    'safetensors',
    // other
    'swf', 'fla', 'blend', 'fbx', 'glb', 'unitypackage', 'keystore', 'jks', 'p12', 'pfx', 'der',
  ], // prettier-ignore
);

export function hasBinaryExtension(basename: string): boolean {
  const dot = basename.lastIndexOf('.');
  return dot > 0 && BINARY_EXTENSIONS.has(basename.slice(dot + 1).toLowerCase());
}

export function hasNulByte(content: Uint8Array): boolean {
  const end = Math.min(content.length, FIRST_FEW_BYTES);
  return content.subarray(0, end).indexOf(0) !== -1;
}
