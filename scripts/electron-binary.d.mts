export function electronBinary(root?: string): { path: string } | { missing: string };
