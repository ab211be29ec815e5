// Herald needs Node 22 or newer (better-sqlite3 13 crashes on Node 20). Say so in one line instead of crashing.
export function checkNodeVersion() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 22) {
    console.error(`Herald needs Node.js 22 or newer; this is Node ${process.versions.node}. Install Node 24 (see .nvmrc) and try again.`);
    process.exit(1);
  }
}
