/**
 * Issue 32: each component's styles live in its own <style> block (Svelte scopes them); the global sheets keep the
 * design tokens, resets, base elements, typography, page layout and the classes several components share.
 *
 * The check: no selector in a global sheet names a class that only one component uses (in its markup: a class
 * attribute, a class: directive or a string in a class expression). Such a rule belongs in that component. A class
 * handed to a child component as a prop (class= / cls=) counts as shared: it lands in the child's markup.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
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

/** Selectors that stay global on purpose, each with its reason. */
const KEPT: Record<string, string> = {
  // The input beside a team-list field's error sits in the parent's table cell, not in FieldError's markup.
  'td:has(> .tl-error) > input': 'an input in another component, next to the error',
  // Reaches the h3s of the editors inside a house-rules section; scoped, it would outweigh .rules-block h3.
  '.rules-section h3': "every house-rules editor's headings",
};

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
export function componentRulesIn(css: string, uses: Uses): string[] {
  const source = `<style>${css}</style>`;
  const ast = parse(source, { modern: true });
  const found: string[] = [];
  const selectors: Node[] = [];
  walk(ast.css, (n) => void (n.type === 'Rule' && selectors.push(...((n.prelude as { children: Node[] }).children ?? []))));
  for (const n of selectors) {
    const text = source.slice(n.start as number, n.end as number);
    if (Object.keys(KEPT).some((k) => text.includes(k))) continue;
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

  it('finds a rule that belongs in one component, and leaves shared, handed-down and kept ones (the check can fail)', () => {
    const uses = classUses({
      'A.svelte': `<script>let on = $state(false);</script><div class="panel wide" class:on><Child class="handed" /></div>`,
      'B.svelte': `<p class="wide {x ? 'lit' : ''}">b</p>`,
    });
    const css = `.panel { margin: 0; } .panel .wide { x: 1; } .wide { y: 2; } .on, .lit { z: 3; } .handed { w: 4; }
      :where(html:not(.print-mode)) button { v: 5; } :where(html:not(.print-mode)) .panel { u: 6; } td:has(> .tl-error) > input { t: 7; }`;
    expect(componentRulesIn(css, uses)).toEqual([
      '.panel → A.svelte',
      '.panel .wide → A.svelte',
      '.on → A.svelte',
      '.lit → B.svelte',
      ':where(html:not(.print-mode)) .panel → A.svelte',
    ]);
  });
});
