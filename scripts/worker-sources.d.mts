/** Types of scripts/worker-sources.mjs (its test imports it). */
export const GENERATED: string;
export function workerSources(): string;
