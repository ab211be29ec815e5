/** Browser mode's side of an export: main returns the file's text and the page hands it to the browser as a download. */
export function downloadText(fileName: string, text: string, type = 'application/json') {
  downloadBlob(fileName, new Blob([text], { type }));
}

function downloadBlob(fileName: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  // Revoke later: some browsers start the download asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A packed campaign file (issue 29) from main, base64, handed to the browser as a download. */
export function downloadBase64(fileName: string, base64: string, type = 'application/octet-stream') {
  const bin = atob(base64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  downloadBlob(fileName, new Blob([bytes], { type }));
}

/**
 * A picked or dropped file's content as main takes it: a packed campaign file (zstd's first four bytes, issue 29) as
 * base64, anything else as text.
 */
export async function fileContent(file: File): Promise<{ text: string } | { base64: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const packed = bytes.length >= 4 && bytes[0] === 0x28 && bytes[1] === 0xb5 && bytes[2] === 0x2f && bytes[3] === 0xfd;
  if (!packed) return { text: new TextDecoder().decode(bytes) };
  let bin = '';
  // In pieces: String.fromCharCode takes a bounded number of arguments.
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { base64: btoa(bin) };
}
