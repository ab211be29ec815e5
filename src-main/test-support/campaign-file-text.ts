/**
 * Campaign files in tests (issue 29): Herald exports them packed (campaign-file/packed.ts, base64 over IPC). Tests that
 * read or edit a file's rows take it as the JSON text of format 1, which every import still accepts; tests of the
 * packed format itself, and the round trips, send the bytes as exported.
 */
import { readCampaignFile } from '../campaign-file/packed';

/** An exported (downloaded) campaign file as one JSON document, format 1. */
export async function jsonText(download: { base64: string; fileName?: string }): Promise<string> {
  const file = await readCampaignFile(download.fileName ?? 'export.herald-campaign', Buffer.from(download.base64, 'base64'));
  return `${JSON.stringify({ ...file, formatVersion: 1 })}\n`;
}
