import { describe, expect, it } from 'vitest';
import { injuryResultText, permanentInjuryText } from '../../format/injury';
import { campaignStatChanges } from './playing-profile';

describe('injury words (a result read through the permanent injury table)', () => {
  it('keeps the follow-up result, not the first table’s instruction', () => {
    expect(injuryResultText('Permanent injury: roll a D6 on the permanent injury table. -1 WS')).toBe('-1 WS');
    expect(injuryResultText('Full recovery.')).toBe('Full recovery.');
    expect(permanentInjuryText('Permanent injury: roll a D6 on the permanent injury table. -1 WS')).toBe('Permanent injury: -1 WS');
    expect(permanentInjuryText('-1 Move')).toBe('Permanent injury: -1 Move');
    expect(permanentInjuryText('Permanent injury: -1 S')).toBe('Permanent injury: -1 S');
  });

  it('a profile’s reason says "Permanent injury" once', () => {
    const model = {
      model: 'm',
      team: 't',
      exp: 0,
      level: 0,
      advances: [],
      permanentInjuries: [{ characteristic: 'minus-1-ws', text: 'Permanent injury: roll a D6 on the permanent injury table. -1 WS', gameId: 'g' }],
      mauled: null,
      dead: false,
      honours: [],
    };
    expect(campaignStatChanges(model, null)).toEqual([{ stat: 'WS', delta: -1, why: 'Permanent injury: -1 WS' }]);
  });
});
