export function isSandboxAbort(text: string): boolean;
export function appArmorProfile(electronPath: string): string;
export function sandboxHelp(electronPath: string): string;
export function downloadProgress(seconds: number, tty: boolean): string;
export function downloadFailure(stderr: string): string | null;
export function stderrFilter(write: (text: string) => void): { push(chunk: string): void; end(): void; readonly sandboxed: boolean };
