/**
 * The House rules page (issue 6): the ruleset pinned to a campaign, and the organiser's copy of it being edited.
 * Nothing is saved until Apply. Every keystroke is checked here with the rules package (checkRuleset), so problems
 * show at once, in words, next to their section; main's preview (debounced) gives the diff and the roster problems.
 * Starting from a shipped preset or an imported file only replaces the copy: the same diff and Apply follow.
 */
import type { Campaign } from '../../shared/ipc/schemas/campaigns';
import type { RulesetImportResult, RulesetPreview, RulesetView } from '../../shared/ipc/schemas/rulesets';
import { Ruleset, checkRuleset, missingTables, parseDice, validateTableCoverage, type DiceTable, type MissingTable } from '../../shared/rules';
import { api, ApiError, messageOf } from '../api';
import { downloadText } from '../download';
import { appInfo } from './app-info.svelte';
import { canonicalJson, locateIssue, sectionOfProblem, type LocatedProblem, type SectionKey } from '../components/rules/words';

const PREVIEW_DELAY_MS = 400;
/** Largest file the page uploads (main refuses more than 1 MB too). */
const MAX_UPLOAD_BYTES = 1024 * 1024;

export interface DraftSource {
  kind: 'pinned' | 'preset' | 'import';
  /** The preset's name or the file's name. */
  label: string;
  /** For an imported file: main's note (e.g. the file was changed after it was exported). */
  note: string | null;
}

export interface Message {
  ok: boolean;
  text: string;
}

export interface LocalCheck {
  /** Problems in words, each with the section it concerns. */
  problems: LocatedProblem[];
  /** Tables not entered yet (not mistakes, but games cannot be recorded until they are in). */
  missing: MissingTable[];
  /** The copy is a valid ruleset as far as the schema goes (main's preview can diff it). */
  parses: boolean;
}

/**
 * One table object may serve two model types (Battle Honours: Team Leader and Special share the D66 table). After a
 * JSON round trip they are two equal objects; make them one again so the editor edits both at once.
 */
function shareInjuryTables(r: Ruleset): Ruleset {
  const inj = r.progression.injuries;
  const tl = inj['team-leader'];
  for (const type of ['special', 'core'] as const) {
    const t = inj[type];
    if (tl && t && t !== tl && t.id === tl.id && canonicalJson(t) === canonicalJson(tl)) inj[type] = tl;
  }
  if (inj.special && inj.core && inj.core !== inj.special && inj.core.id === inj.special.id && canonicalJson(inj.core) === canonicalJson(inj.special)) {
    inj.core = inj.special;
  }
  return r;
}

/** Gaps and overlaps of every table that can be read, while another part of the copy is still unfinished. */
function coverageProblems(r: Ruleset): string[] {
  const p = r.progression;
  const tables = [p.advanceTable, p.injuries['team-leader'], p.injuries.special, p.injuries.core, p.requisition.chart, ...p.injuryFollowUps, ...r.diceTables];
  const seen: DiceTable[] = [];
  const out: string[] = [];
  for (const t of tables) {
    if (!t || seen.some((x) => x.id === t.id && x.name === t.name)) continue;
    seen.push(t);
    if (t.rows.some((row) => !Number.isInteger(row.from) || !Number.isInteger(row.to) || row.from > row.to)) continue;
    try {
      parseDice(t.expression);
    } catch {
      continue;
    }
    for (const issue of validateTableCoverage(t).issues) out.push(`${t.name}: ${issue.message}`);
  }
  return out;
}

export class RulesetState {
  view = $state<RulesetView | null>(null);
  campaign = $state<Campaign | null>(null);
  /** The organiser's copy. */
  draft = $state<Ruleset | null>(null);
  source = $state<DraftSource>({ kind: 'pinned', label: '', note: null });
  /** The page could not be loaded. */
  error = $state<string | null>(null);
  loaded = $state(false);
  /** The outcome of the last export or import. */
  message = $state<Message | null>(null);
  /** What the last apply did. */
  applied = $state<string | null>(null);
  /** Main's preview of the copy (diff, roster problems), and the copy it was made for. */
  preview = $state<RulesetPreview | null>(null);
  previewFor = $state<string | null>(null);
  previewError = $state<string | null>(null);
  /** Another window applied new rules while this copy had edits. */
  changedElsewhere = $state(false);
  busy = $state(false);

  #seq = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;

  pinnedJson = $derived(this.view ? canonicalJson(this.view.ruleset) : '');
  draftJson = $derived(this.draft ? canonicalJson($state.snapshot(this.draft)) : '');
  dirty = $derived(this.draft !== null && this.view !== null && this.draftJson !== this.pinnedJson);

  check = $derived.by((): LocalCheck => {
    if (!this.draft) return { problems: [], missing: [], parses: false };
    const copy = $state.snapshot(this.draft) as Ruleset;
    // Missing tables only read which tables are null, so they show even while a name is still empty.
    const missing = missingTables(copy);
    const parsed = Ruleset.safeParse(copy);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => locateIssue(i, copy));
      // checkRuleset stops at the first schema problem; the gaps of the tables that can be read still show.
      for (const text of coverageProblems(copy)) problems.push({ section: sectionOfProblem(text, copy), text });
      return { problems, missing, parses: false };
    }
    const checked = checkRuleset(parsed.data);
    return { problems: checked.problems.map((text) => ({ section: sectionOfProblem(text, parsed.data), text })), missing: checked.missing, parses: true };
  });

  /** The preview matches the copy as it is now. */
  previewFresh = $derived(this.preview !== null && this.previewFor === this.draftJson);

  constructor(readonly campaignId: string) {}

  problemsOf(section: SectionKey): string[] {
    return this.check.problems.filter((p) => p.section === section).map((p) => p.text);
  }

  async load() {
    try {
      const [view, campaign] = await Promise.all([api.call('rulesets.current', { id: this.campaignId }), api.call('campaigns.get', { id: this.campaignId })]);
      this.campaign = campaign;
      this.setView(view);
      this.error = null;
    } catch (e) {
      this.error = messageOf(e);
    } finally {
      this.loaded = true;
    }
  }

  /** Show a ruleset view and start a fresh copy of it. */
  private setView(view: RulesetView) {
    this.view = view;
    this.draft = shareInjuryTables(structuredClone(view.ruleset));
    this.source = { kind: 'pinned', label: view.ruleset.name, note: null };
    this.preview = null;
    this.previewFor = null;
    this.changedElsewhere = false;
  }

  subscribe(): () => void {
    const offRules = api.on('rulesets.changed', (p) => {
      if (p.campaignId !== this.campaignId || this.busy) return;
      void this.refresh();
    });
    const offCampaign = api.on('campaigns.changed', (p) => {
      if (p.id !== this.campaignId) return;
      api.call('campaigns.get', { id: this.campaignId }).then(
        (c) => (this.campaign = c),
        () => {},
      );
    });
    return () => {
      offRules();
      offCampaign();
      clearTimeout(this.#timer);
    };
  }

  /** The pinned ruleset changed (another window): reload, unless that would throw the organiser's edits away. */
  private async refresh() {
    try {
      const view = await api.call('rulesets.current', { id: this.campaignId });
      if (this.view && view.hash === this.view.hash) {
        this.view = view;
        return;
      }
      if (this.dirty || this.source.kind !== 'pinned') {
        this.changedElsewhere = true;
        return;
      }
      this.setView(view);
    } catch {
      // The next load shows the problem.
    }
  }

  /** Throw the copy away and start again from what the campaign plays. */
  async discard() {
    this.message = null;
    try {
      this.setView(await api.call('rulesets.current', { id: this.campaignId }));
    } catch (e) {
      this.message = { ok: false, text: messageOf(e) };
    }
  }

  // ----- main's preview (debounced) -----

  /** Called whenever the copy changes; asks main for the diff once typing pauses. */
  schedulePreview() {
    clearTimeout(this.#timer);
    if (!this.draft || !this.dirty || !this.check.parses) return;
    const json = this.draftJson;
    const ruleset = $state.snapshot(this.draft);
    this.#timer = setTimeout(() => void this.runPreview(json, ruleset), PREVIEW_DELAY_MS);
  }

  /** Ask main now (the Apply dialog opens with a preview of exactly what is on screen). */
  async previewNow() {
    clearTimeout(this.#timer);
    if (!this.draft || !this.check.parses) return;
    if (this.previewFresh) return;
    await this.runPreview(this.draftJson, $state.snapshot(this.draft));
  }

  /**
   * `ruleset` is sent as the editor holds it (the schema's key order): main's diff compares entries as JSON text, so
   * the canonical (sorted) JSON, used here only to tell copies apart, would read as changes everywhere.
   */
  private async runPreview(json: string, ruleset: unknown) {
    const seq = ++this.#seq;
    try {
      const preview = await api.call('rulesets.preview', { campaignId: this.campaignId, ruleset });
      if (seq !== this.#seq) return; // a newer copy's answer wins
      this.preview = preview;
      this.previewFor = json;
      this.previewError = null;
    } catch (e) {
      if (seq === this.#seq) this.previewError = messageOf(e);
    }
  }

  // ----- apply -----

  /** Pin the copy to the campaign. Returns null when applied, or the message to show. */
  async apply(reason: string): Promise<string | null> {
    if (!this.view || !this.draft) return 'Nothing to apply.';
    this.busy = true;
    try {
      const view = await api.call('rulesets.apply', {
        campaignId: this.campaignId,
        ruleset: $state.snapshot(this.draft) as Ruleset,
        expectedHash: this.view.hash,
        reason,
      });
      const before = this.view.hash;
      this.setView(view);
      this.message = null;
      this.applied =
        view.hash === before
          ? 'Nothing changed: these are already the campaign’s rules.'
          : `Applied. ${view.ruleset.name} ${view.ruleset.version} is now this campaign’s house rules; games recorded from now on use them.`;
      return null;
    } catch (e) {
      if (e instanceof ApiError) return e.field('reason') ?? e.message;
      return messageOf(e);
    } finally {
      this.busy = false;
    }
  }

  // ----- presets -----

  /** Load a shipped preset into the editor (nothing is applied). */
  usePreset(hash: string) {
    const preset = this.view?.presets.find((p) => p.hash === hash);
    if (!preset) return;
    this.draft = shareInjuryTables($state.snapshot(preset.ruleset) as Ruleset);
    this.source = { kind: 'preset', label: preset.ruleset.name, note: null };
    this.message = null;
    this.applied = null;
    this.preview = null;
    this.previewFor = null;
  }

  // ----- import / export -----

  get usesDialogs(): boolean {
    return appInfo.isElectron;
  }

  async exportFile() {
    this.message = null;
    try {
      const result = await api.call('rulesets.export', { campaignId: this.campaignId, destination: this.usesDialogs ? 'dialog' : 'download' });
      const unapplied = this.dirty ? ' Your edits that are not applied yet are not in it.' : '';
      if (result.outcome === 'download') {
        downloadText(result.fileName, result.text);
        this.message = { ok: true, text: `Downloaded ${result.fileName}.${unapplied}` };
      } else if (result.outcome === 'saved') this.message = { ok: true, text: `Saved ${result.path}.${unapplied}` };
    } catch (e) {
      this.message = { ok: false, text: messageOf(e) };
    }
  }

  /** Import with main's open dialog (Electron). */
  async importWithDialog() {
    await this.importFrom({ campaignId: this.campaignId, source: 'dialog' });
  }

  /** Import an uploaded file (browser mode). */
  async importUpload(file: File) {
    if (file.size > MAX_UPLOAD_BYTES) {
      this.message = { ok: false, text: `${file.name} is too large for a ruleset (over 1 MB). Nothing was changed.` };
      return;
    }
    await this.importFrom({ campaignId: this.campaignId, source: 'upload', fileName: file.name, text: await file.text() });
  }

  private async importFrom(input: Parameters<typeof api.call<'rulesets.import'>>[1]) {
    this.message = null;
    this.applied = null;
    try {
      const result = await api.call('rulesets.import', input);
      if (result.outcome === 'cancelled') return;
      this.showImported(result);
    } catch (e) {
      this.message = { ok: false, text: `${messageOf(e)} Nothing was changed.` };
    }
  }

  /** An imported ruleset (from the dialog, an upload, or a file dropped on the window) in the editor, with its diff. */
  showImported(result: Pick<Extract<RulesetImportResult, { outcome: 'loaded' }>, 'fileName' | 'ruleset' | 'preview' | 'note'>) {
    this.message = null;
    this.applied = null;
    this.draft = shareInjuryTables(structuredClone(result.ruleset));
    this.source = { kind: 'import', label: result.fileName, note: result.note };
    this.preview = result.preview;
    this.previewFor = canonicalJson(result.ruleset);
    this.previewError = null;
  }
}
