import type { ChildProcess } from 'node:child_process';

export function isSandboxAbort(text: string): boolean;
export function appArmorProfile(electronPath: string): string;
export function sandboxHelp(electronPath: string): string;
export function downloadProgress(seconds: number, tty: boolean): string;
export function downloadFailure(stderr: string): string | null;
export function runElectron(
  electron: string,
  args: string[],
  options?: { env?: NodeJS.ProcessEnv; write?: (text: string) => void; onChild?: (child: ChildProcess) => void },
): Promise<number>;
export function stderrFilter(write: (text: string) => void): { push(chunk: string): void; end(): void; readonly sandboxed: boolean };
