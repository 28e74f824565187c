import type { BoatSummary } from '@sm/contract';
import { describe, expect, it } from 'vitest';
import {
  defaultBoat,
  RECENT_SPECIES_MAX,
  rememberLots,
  reviveMemory,
  speciesChoices,
  speciesNames,
} from './lotMemory';

const boat = (id: string) => ({ id, boatNumber: id, ownerName: 'Ahmad' }) as BoatSummary;
const lot = (species: string, harbor = 'Kuala Selangor', boatId = 'b1') => ({
  species,
  harbor,
  boatId,
});

describe('rememberLots', () => {
  it('puts the species just published first, once each, and keeps the last harbour and boat', () => {
    const first = rememberLots(null, 'm1', [
      lot('kerapu'),
      lot('udang_harimau', 'Sekinchan', 'b2'),
    ]);
    expect(first).toEqual({
      merchantId: 'm1',
      recentSpecies: ['udang_harimau', 'kerapu'],
      harbor: 'Sekinchan',
      boatId: 'b2',
    });
    const second = rememberLots(first, 'm1', [lot('kerapu', '  ')]);
    expect(second.recentSpecies).toEqual(['kerapu', 'udang_harimau']);
    // A lot without a harbour does not forget the last one.
    expect(second.harbor).toBe('Sekinchan');
  });

  it('keeps at most a handful of recent species, and not another merchant’s', () => {
    const codes = ['kembung', 'selar', 'cencaru', 'tenggiri', 'tongkol', 'merah', 'kerapu'];
    const memory = rememberLots(
      null,
      'm1',
      codes.map((code) => lot(code)),
    );
    expect(memory.recentSpecies).toHaveLength(RECENT_SPECIES_MAX);
    expect(memory.recentSpecies[0]).toBe('kerapu');
    expect(rememberLots(memory, 'm2', [lot('sotong')]).recentSpecies).toEqual(['sotong']);
  });
});

describe('reviveMemory', () => {
  it("reads this merchant's memory, repairing what does not fit", () => {
    const data = { merchantId: 'm1', recentSpecies: ['kerapu', 'whale', 7, 'kerapu'], harbor: 3 };
    expect(reviveMemory(data, 'm1')).toEqual({
      merchantId: 'm1',
      recentSpecies: ['kerapu'],
      harbor: '',
      boatId: '',
    });
    expect(reviveMemory(data, 'm2')).toBeNull();
    expect(reviveMemory('nonsense', 'm1')).toBeNull();
  });
});

describe('defaultBoat', () => {
  it("preselects the store's only boat, else the last one used while it is still there", () => {
    expect(defaultBoat([boat('b1')])).toBe('b1');
    expect(defaultBoat([boat('b1')], 'gone')).toBe('b1');
    expect(defaultBoat([boat('b1'), boat('b2')], 'b2')).toBe('b2');
    expect(defaultBoat([boat('b1'), boat('b2')], 'gone')).toBe('');
    expect(defaultBoat([boat('b1'), boat('b2')])).toBe('');
    expect(defaultBoat([])).toBe('');
    expect(defaultBoat(undefined, 'b1')).toBe('');
  });
});

describe('speciesChoices', () => {
  it('offers the recent species first, then all of them', () => {
    const choices = speciesChoices('', ['kerapu', 'sotong']);
    expect(choices.recent).toEqual(['kerapu', 'sotong']);
    expect(choices.all).toHaveLength(23);
  });

  it('finds a species by its name in any of the three languages, or its code', () => {
    expect(speciesChoices('grouper', []).all).toEqual(['kerapu']);
    expect(speciesChoices('石斑', []).all).toEqual(['kerapu']);
    expect(speciesChoices('KERAPU', []).all).toEqual(['kerapu']);
    expect(speciesChoices('udang', []).all).toEqual(['udang_putih', 'udang_harimau']);
    expect(speciesChoices('tiger prawn', []).all).toEqual(['udang_harimau']);
    expect(speciesChoices('crab', ['ketam_nipah', 'kerapu'])).toEqual({
      recent: ['ketam_nipah'],
      all: ['ketam_bunga', 'ketam_nipah'],
    });
    expect(speciesChoices('whale', []).all).toEqual([]);
  });

  it('names a species in the chosen language, with the two others beside it', () => {
    expect(speciesNames('kerapu', 'zh')).toEqual({
      name: '石斑鱼',
      others: [
        { locale: 'en', name: 'Grouper' },
        { locale: 'my', name: 'Ikan Kerapu' },
      ],
    });
  });
});
