/** Integration: the real handlers through dispatch() on a real temporary SQLite file. */
import { describe, expect, it } from 'vitest';
import type { Campaign } from '../../shared/ipc/schemas/campaigns';
import { call, failure, snapshotTables, tempDir, testCore } from '../test-support';

describe('campaigns handlers', () => {
  it('create: trims the name, defaults to 250 points, and lists newest first', async () => {
    const core = testCore();
    const a = await call<Campaign>(core, 'campaigns.create', { name: '  Siege   of Vraks ' });
    expect(a).toMatchObject({ name: 'Siege of Vraks', pointsLimit: 250, archivedAt: null });
    await call(core, 'campaigns.create', { name: 'Iron Harvest', pointsLimit: 300 });
    const list = await call<Campaign[]>(core, 'campaigns.list', {});
    expect(list.map((c) => c.name)).toEqual(['Iron Harvest', 'Siege of Vraks']);
    core.close();
  });

  it('rejects empty and duplicate names (ignoring case and accents, archived included) and saves nothing', async () => {
    const core = testCore();
    await call(core, 'campaigns.create', { name: 'Vraks' });
    const before = snapshotTables(core);
    expect(await failure(core, 'campaigns.create', { name: '   ' })).toMatchObject({
      code: 'INVALID_INPUT',
      issues: [{ path: 'name', message: 'Give the campaign a name.' }],
    });
    expect(await failure(core, 'campaigns.create', { name: 'VRAKS' })).toMatchObject({
      code: 'VALIDATION',
      message: 'A campaign named “Vraks” already exists.',
    });
    const archived = await call<Campaign>(core, 'campaigns.create', { name: 'Crête' });
    await call(core, 'campaigns.archive', { id: archived.id });
    const afterArchive = snapshotTables(core);
    expect((await failure(core, 'campaigns.create', { name: 'crete' })).message).toMatch(/already exists \(it is archived/);
    expect(snapshotTables(core)).toEqual(afterArchive);
    expect(before.campaigns).toHaveLength(1);
    core.close();
  });

  it('rename: new name saved; same name is a no-op; a taken name is refused', async () => {
    const core = testCore();
    const a = await call<Campaign>(core, 'campaigns.create', { name: 'Vraks' });
    await call(core, 'campaigns.create', { name: 'Armageddon' });
    const renamed = await call<Campaign>(core, 'campaigns.rename', { id: a.id, name: 'The Siege of Vraks' });
    expect(renamed.name).toBe('The Siege of Vraks');
    expect(renamed.updatedAt > a.updatedAt).toBe(true);
    // Changing only the case of its own name is allowed.
    expect((await call<Campaign>(core, 'campaigns.rename', { id: a.id, name: 'The siege of Vraks' })).name).toBe('The siege of Vraks');
    expect((await failure(core, 'campaigns.rename', { id: a.id, name: 'armageddon' })).code).toBe('VALIDATION');
    expect((await failure(core, 'campaigns.rename', { id: '00000000-0000-4000-8000-999999999999', name: 'X' })).code).toBe('NOT_FOUND');
    core.close();
  });

  it('archive hides a campaign from the default list without deleting it; unarchive brings it back', async () => {
    const core = testCore();
    const a = await call<Campaign>(core, 'campaigns.create', { name: 'Vraks' });
    const archived = await call<Campaign>(core, 'campaigns.archive', { id: a.id });
    expect(archived.archivedAt).not.toBeNull();
    expect(await call<Campaign[]>(core, 'campaigns.list', {})).toEqual([]);
    expect(await call<Campaign[]>(core, 'campaigns.list', { includeArchived: true })).toHaveLength(1);
    // Archiving twice changes nothing.
    expect((await call<Campaign>(core, 'campaigns.archive', { id: a.id })).archivedAt).toBe(archived.archivedAt);
    expect((await call<Campaign>(core, 'campaigns.unarchive', { id: a.id })).archivedAt).toBeNull();
    core.close();
  });

  it('announces every change with campaigns.changed, after it is saved', async () => {
    const core = testCore();
    const seen: string[] = [];
    core.onEvent((event, payload) => {
      // The change must already be visible when the event fires.
      const rows = core.opened.sqlite.prepare('SELECT count(*) FROM campaigns').pluck().get();
      seen.push(`${event}:${(payload as { id: string }).id}:${String(rows)}`);
    });
    const a = await call<Campaign>(core, 'campaigns.create', { name: 'Vraks' });
    await call(core, 'campaigns.rename', { id: a.id, name: 'Vraks II' });
    await call(core, 'campaigns.archive', { id: a.id });
    await failure(core, 'campaigns.create', { name: 'vraks ii' });
    expect(seen).toEqual([`campaigns.changed:${a.id}:1`, `campaigns.changed:${a.id}:1`, `campaigns.changed:${a.id}:1`]);
    core.close();
  });

  it('campaigns survive closing and reopening the file', async () => {
    const dir = tempDir();
    const first = testCore(dir);
    const a = await call<Campaign>(first, 'campaigns.create', { name: 'Vraks', pointsLimit: 400 });
    first.close();
    const second = testCore(dir);
    expect(await call<Campaign>(second, 'campaigns.get', { id: a.id })).toEqual(a);
    second.close();
  });

  it('app.info says where the campaign file lives and its schema version', async () => {
    const dir = tempDir();
    const core = testCore(dir);
    const info = await call<{ dataDir: string; databaseFile: string; schemaVersion: number }>(core, 'app.info', {});
    expect(info.dataDir).toBe(dir);
    expect(info.databaseFile).toBe(`${dir}/herald.sqlite`);
    expect(info.schemaVersion).toBeGreaterThanOrEqual(1);
    core.close();
  });
});
