/**
 * A game's texts in words (humanizer, model names, an entry's step and text, the score as the screens show it) live in
 * the rules package with resolution (shared/rules/game/resolve-words.ts, issue 32); main's game views use them here.
 */
export { CHANGE_STEP as STEP, entryText, humanizer, modelNames, scoreView } from '../../shared/rules';
