/**
 * docs/progression.md "Tactical Reserves" (the 2018 Battle Honours rules): "Models or gear can be dismissed or parked in
 * reserve; reserves don't count toward Threat; parked gear can later go to any eligible model without paying again".
 * On the team page: a model parked drops the team's Threat and is listed under Tactical Reserves; brought back, it
 * counts again; an Armoury item is parked and fitted to another model for no Req.
 */
import { test, expect } from './fixtures';
import { playedCampaign } from './support/played-campaign';
import { invoke } from './support/invoke';

test('a model parked in Tactical Reserves leaves Threat and comes back; parked gear is fitted without paying again', async ({ herald }) => {
  test.setTimeout(120_000);
  const { page } = await herald.launch();
  const pc = await playedCampaign(page, 'Vraks reserves');
  // 85 pts + an Auspex for Kaelen (5) + a recruit (14) = 104 pts: Threat 2.
  await invoke(page, 'teams.adjustRequisition', { id: pc.marines, amount: 100, reason: 'a club award' });
  const team = await invoke(page, 'teams.get', { id: pc.marines });
  const kaelen = team.roster.models.find((m) => m.name === 'Kaelen')!;
  await invoke(page, 'teams.changeModel', { id: pc.marines, model: { ...kaelen, armoury: ['auspex'] } });
  await invoke(page, 'teams.recruit', {
    id: pc.marines,
    model: { id: 'nox', entryId: 'tactical-marine', name: 'Nox', options: {}, armoury: [], grenades: {} },
  });

  await page.evaluate(`location.hash = ${JSON.stringify(`#/teams/${pc.marines}`)}`);
  const threat = page.getByLabel('Threat', { exact: true });
  await expect(threat).toHaveText('2');
  const reserves = page.getByRole('region', { name: 'Tactical Reserves' });
  await expect(reserves).toContainText('No models in reserve.');

  await page.getByRole('button', { name: 'Park in reserve: Cato' }).click();
  await expect(threat).toHaveText('1');
  await expect(reserves.getByRole('list', { name: 'Models in reserve' })).toContainText('Cato');
  await expect(page.getByRole('article', { name: 'Cato', exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Ledger')).toContainText('Parked Cato in Tactical Reserves.');

  // Kaelen's Auspex is parked, then fitted to Tarkus: the Req stays as it was.
  const req = await page.locator('p.req').textContent();
  await reserves.getByLabel('Park gear').selectOption({ label: 'Kaelen — Auspex' });
  await reserves.getByRole('button', { name: 'Park it' }).click();
  const gear = reserves.getByRole('list', { name: 'Parked gear' });
  await expect(gear).toContainText('Auspex');
  await gear.getByLabel('Fit Auspex to').selectOption({ label: 'Tarkus' });
  await gear.getByRole('button', { name: 'Fit Auspex' }).click();
  await expect(reserves).toContainText('No gear parked.');
  await expect(page.getByLabel('Ledger')).toContainText('Fitted Auspex from Tactical Reserves to Tarkus, without paying again.');
  await expect(page.locator('p.req')).toHaveText(req!);

  await reserves.getByRole('button', { name: 'Bring back Cato' }).click();
  await expect(threat).toHaveText('2');
  await expect(reserves).toContainText('No models in reserve.');
  await expect(page.getByRole('article', { name: 'Cato', exact: true })).toBeVisible();

  // "Models … can be dismissed or parked in reserve": a parked model can also be dismissed from the reserve.
  await page.getByRole('button', { name: 'Park in reserve: Nox' }).click();
  await reserves.getByRole('button', { name: 'Dismiss Nox…' }).click();
  await reserves.getByRole('button', { name: 'Dismiss Nox', exact: true }).click();
  await expect(reserves).toContainText('No models in reserve.');
  await expect(page.getByLabel('Ledger')).toContainText('Dismissed Nox.');
});
