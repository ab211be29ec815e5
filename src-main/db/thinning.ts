/**
 * Which automatic backups to keep (docs/reliability.md rule 3, after Anki): everything from the last two days, then the
 * newest backup of each day for two weeks, of each week for two months, and of each month for ever. Backups taken
 * before a migration or a restore are also thinned this way; the newest backup is always kept.
 */
export interface Dated {
  file: string;
  createdAt: string;
}

const DAY = 24 * 60 * 60 * 1000;

/** The files to delete, given every verified backup and the time now. Pure. */
export function backupsToThin(backups: readonly Dated[], now: Date): string[] {
  const sorted = [...backups].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const keep = new Set<string>();
  const buckets = new Set<string>();
  sorted.forEach((b, i) => {
    const t = Date.parse(b.createdAt);
    const age = now.getTime() - t;
    const d = new Date(t);
    let bucket: string;
    if (i === 0 || age < 2 * DAY) bucket = `all:${b.file}`;
    else if (age < 14 * DAY) bucket = `day:${d.toISOString().slice(0, 10)}`;
    else if (age < 60 * DAY) bucket = `week:${Math.floor(t / (7 * DAY))}`;
    else bucket = `month:${d.toISOString().slice(0, 7)}`;
    if (!buckets.has(bucket)) {
      buckets.add(bucket);
      keep.add(b.file);
    }
  });
  return sorted.filter((b) => !keep.has(b.file)).map((b) => b.file);
}
