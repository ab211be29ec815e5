/**
 * Issue 32: each component's styles live in its own <style> block (Svelte scopes them); the global sheets keep the
 * design tokens, resets, base elements, typography, page layout and the classes several components share.
 *
 * The check: no selector in a global sheet names a class that only one component uses (in its markup: a class
 * attribute, a class: directive or a string in a class expression). Such a rule belongs in that component. A class
 * handed to a child component as a prop (class= / cls=) counts as shared: it lands in the child's markup.
 *
 * And one screen's classes stay in that screen: styles.css names no class that only one screen uses. A screen is a
 * view under src-renderer/views/ and the components only it reaches through imports (a component that two views, or
 * a view and the app's shell, import is shared and belongs to no one screen). Classes several components of one screen
 * share live in the view's <style> as `:where(.x-screen) :global(.class)` rules (see docs/decisions.md).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parse } from 'svelte/compiler';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const renderer = join(root, 'src-renderer');

/**
 * A global sheet and the components that can see it: phone.css imports styles.css, the app never loads phone.css;
 * print.css comes with PrintView but, once loaded, stays in the app's page.
 */
const SHEETS = [
  { sheet: 'src-renderer/styles.css', components: () => true },
  { sheet: 'src-renderer/phone/phone.css', components: (f: string) => f.startsWith('src-renderer/phone/') },
  { sheet: 'src-renderer/print/print.css', components: (f: string) => !f.startsWith('src-renderer/phone/') },
];

/**
 * Page classes: .print-mode is set on <html> from a script; .print-doc is the print page's root (PrintView), the
 * context of print.css's sheet layout and typography and of every print component's own rules (:global(.print-doc)).
 */
const PAGE_CLASSES = new Set(['print-mode', 'print-doc']);

/**
 * Selectors that stay global on purpose, each with its reason (none today: the two kept before, an input beside a
 * team-list field's error and the house-rules editors' h3s, now live in their screen's frame, whose :where() keeps
 * their specificity).
 */
const KEPT: Record<string, string> = {};

type Uses = Map<string, Set<string>>;
type Node = { type?: string; [key: string]: unknown };

const WORD = /-?[_a-zA-Z][\w-]*/g;
const words = (text: string, into: Set<string>) => {
  for (const m of text.matchAll(WORD)) into.add(m[0]);
};

/** Walks a Svelte AST (skipping parent links), calling `visit` with each node and whether it sits in a class value. */
function walk(node: unknown, visit: (n: Node, inClass: boolean) => boolean | void, inClass = false, seen = new WeakSet<object>()): void {
  if (!node || typeof node !== 'object' || seen.has(node)) return;
  seen.add(node);
  if (Array.isArray(node)) return node.forEach((n) => walk(n, visit, inClass, seen));
  const n = node as Node;
  const enters = visit(n, inClass) === true;
  for (const [key, value] of Object.entries(n)) if (key !== 'parent' && key !== 'metadata' && key !== 'css') walk(value, visit, inClass || enters, seen);
}

/** The classes a component's markup can carry, and those it hands to child components as props. */
export function classesOfComponent(source: string): { own: Set<string>; handed: Set<string> } {
  const own = new Set<string>();
  const handed = new Set<string>();
  const scriptStrings = new Set<string>();
  let computed = false; // a class value computed from a variable: any string of the component may be a class
  const ast = parse(source, { modern: true });
  const visit = (n: Node, inClass: boolean) => {
    if (n.type === 'ClassDirective') own.add(n.name as string);
    if ((n.type === 'Component' || n.type === 'SvelteComponent') && Array.isArray(n.attributes))
      for (const a of n.attributes as Node[])
        if (a.type === 'Attribute' && /^(class|cls)$/i.test(a.name as string))
          walk(a.value, (v) => {
            if (v.type === 'Text') words(v.data as string, handed);
            if (v.type === 'Literal' && typeof v.value === 'string') words(v.value, handed);
          });
    if (n.type === 'Identifier' && inClass) computed = true;
    if (n.type === 'Text' && inClass) words(n.data as string, own);
    if (n.type === 'Literal' && typeof n.value === 'string') words(n.value, inClass ? own : scriptStrings);
    if (n.type === 'TemplateElement') words((n.value as { raw: string }).raw, inClass ? own : scriptStrings);
    return n.type === 'Attribute' && n.name === 'class';
  };
  for (const part of [ast.fragment, ast.instance, ast.module]) walk(part, visit);
  if (computed) for (const w of scriptStrings) own.add(w);
  return { own, handed };
}

/** Class name → the components using it ('a prop' for a class handed to a child). */
export function classUses(components: Record<string, string>): Uses {
  const uses: Uses = new Map();
  const add = (cls: string, who: string) => (uses.get(cls) ?? uses.set(cls, new Set()).get(cls)!).add(who);
  for (const [file, source] of Object.entries(components)) {
    const { own, handed } = classesOfComponent(source);
    for (const c of own) add(c, file);
    for (const c of handed) add(c, 'a prop');
  }
  return uses;
}

/** The selectors of `css` that style one component's markup only: "selector → component". */
export function componentRulesIn(css: string, uses: Uses, kept: Record<string, string> = KEPT): string[] {
  const source = `<style>${css}</style>`;
  const ast = parse(source, { modern: true });
  const found: string[] = [];
  const selectors: Node[] = [];
  walk(ast.css, (n) => void (n.type === 'Rule' && selectors.push(...((n.prelude as { children: Node[] }).children ?? []))));
  for (const n of selectors) {
    const text = source.slice(n.start as number, n.end as number);
    if (Object.keys(kept).some((k) => text.includes(k))) continue;
    const classes: string[] = [];
    walk(n, (c) => void (c.type === 'ClassSelector' && !PAGE_CLASSES.has(c.name as string) && classes.push(c.name as string)));
    const owners = new Set(
      classes
        .map((c) => uses.get(c))
        .filter((u) => u?.size === 1)
        .map((u) => [...u!][0]!),
    );
    const [owner] = owners;
    if (owners.size === 1 && owner !== 'a prop' && classes.every((c) => uses.get(c)?.has(owner!))) found.push(`${text} → ${owner}`);
  }
  return found;
}

/** The view (src-renderer/views/*.svelte) that is the only one to reach each component through imports. */
export function screensOf(components: Record<string, string>): Map<string, string> {
  const imports = new Map<string, string[]>();
  for (const [file, source] of Object.entries(components)) {
    const found = [...source.matchAll(/from\s+'(\.[^']+\.svelte)'|import\(\s*'(\.[^']+\.svelte)'\s*\)/g)];
    imports.set(
      file,
      found.map((m) => join(dirname(file), (m[1] ?? m[2])!)),
    );
  }
  const isView = (f: string) => f.startsWith('src-renderer/views/');
  const imported = new Set([...imports.values()].flat());
  const roots = Object.keys(components).filter((f) => isView(f) || !imported.has(f));
  const reachedBy = new Map<string, Set<string>>();
  for (const root of roots) {
    const stack = [root];
    const seen = new Set<string>();
    while (stack.length) {
      const f = stack.pop()!;
      if (seen.has(f)) continue;
      seen.add(f);
      (reachedBy.get(f) ?? reachedBy.set(f, new Set()).get(f)!).add(root);
      // A view reached from another root (the shell's router) starts its own screen.
      for (const i of imports.get(f) ?? []) if (!isView(i)) stack.push(i);
    }
  }
  const screens = new Map<string, string>();
  for (const [file, by] of reachedBy) if (by.size === 1 && isView([...by][0]!)) screens.set(file, [...by][0]!);
  return screens;
}

/** The same uses, each component replaced by its screen's view (a shared component stays itself). */
export function byScreen(uses: Uses, screens: Map<string, string>): Uses {
  return new Map([...uses].map(([cls, who]) => [cls, new Set([...who].map((w) => screens.get(w) ?? w))]));
}

function svelteFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) svelteFiles(path, out);
    else if (name.endsWith('.svelte')) out.push(path);
  }
  return out;
}

describe('global style sheets (issue 32)', () => {
  const all = svelteFiles(renderer).map((p) => relative(root, p));

  it.each(SHEETS)('$sheet names no class that only one component uses', ({ sheet, components }) => {
    const mine = all.filter(components);
    expect(mine.length).toBeGreaterThan(3);
    const uses = classUses(Object.fromEntries(mine.map((f) => [f, readFileSync(join(root, f), 'utf8')])));
    expect(componentRulesIn(readFileSync(join(root, sheet), 'utf8'), uses)).toEqual([]);
  });

  it('src-renderer/styles.css names no class that only one screen uses', () => {
    const sources = Object.fromEntries(all.map((f) => [f, readFileSync(join(root, f), 'utf8')]));
    const uses = byScreen(classUses(sources), screensOf(sources));
    expect(componentRulesIn(readFileSync(join(root, 'src-renderer/styles.css'), 'utf8'), uses)).toEqual([]);
  });

  it('finds a rule that belongs in one component, and leaves shared, handed-down and kept ones (the check can fail)', () => {
    const uses = classUses({
      'A.svelte': `<script>let on = $state(false);</script><div class="panel wide" class:on><Child class="handed" /></div>`,
      'B.svelte': `<p class="wide tl-error {x ? 'lit' : ''}">b</p>`,
    });
    const css = `.panel { margin: 0; } .panel .wide { x: 1; } .wide { y: 2; } .on, .lit { z: 3; } .handed { w: 4; }
      :where(html:not(.print-mode)) button { v: 5; } :where(html:not(.print-mode)) .panel { u: 6; } td:has(> .tl-error) > input { t: 7; }`;
    expect(componentRulesIn(css, uses, { 'td:has(> .tl-error) > input': 'an input in another component' })).toEqual([
      '.panel → A.svelte',
      '.panel .wide → A.svelte',
      '.on → A.svelte',
      '.lit → B.svelte',
      ':where(html:not(.print-mode)) .panel → A.svelte',
    ]);
  });

  it('finds a rule that only one screen uses, and leaves the classes of a shared component and of two screens (the check can fail)', () => {
    const sources: Record<string, string> = {
      'src-renderer/App.svelte': `<script>import Shell from './components/Shell.svelte'; const v = () => import('./views/AView.svelte');</script><Shell />`,
      'src-renderer/views/AView.svelte': `<script>import P from '../components/P.svelte'; import Q from '../components/Q.svelte'; import S from '../components/S.svelte';</script><div class="wide"><P /><Q /><S /></div>`,
      'src-renderer/views/BView.svelte': `<script>import S from '../components/S.svelte';</script><p class="both">b</p>`,
      'src-renderer/components/P.svelte': `<p class="wide step">p</p>`,
      'src-renderer/components/Q.svelte': `<p class="step both">q</p>`,
      'src-renderer/components/S.svelte': `<p class="shared">s</p>`,
      'src-renderer/components/Shell.svelte': `<p class="shared">s</p>`,
    };
    const screens = screensOf(sources);
    expect(Object.fromEntries(screens)).toEqual({
      'src-renderer/views/AView.svelte': 'src-renderer/views/AView.svelte',
      'src-renderer/components/P.svelte': 'src-renderer/views/AView.svelte',
      'src-renderer/components/Q.svelte': 'src-renderer/views/AView.svelte',
      'src-renderer/views/BView.svelte': 'src-renderer/views/BView.svelte',
    });
    const css = `.step { a: 1; } .wide .step { b: 2; } .both { c: 3; } .shared { d: 4; }`;
    expect(componentRulesIn(css, byScreen(classUses(sources), screens))).toEqual([
      '.step → src-renderer/views/AView.svelte',
      '.wide .step → src-renderer/views/AView.svelte',
    ]);
  });
});
