/** The one way main finds a campaign a request names, refusing in words when it is gone. */
import { AppError } from '../../shared/ipc/result';
import type { Db } from '../db/open';
import type { CampaignRow } from '../db/schema';
import { findCampaignRow } from '../repos/campaigns';

export function mustFindCampaign(db: Db, id: string): CampaignRow {
  const c = findCampaignRow(db, id);
  if (!c) throw new AppError('NOT_FOUND', 'That campaign no longer exists.');
  return c;
}
