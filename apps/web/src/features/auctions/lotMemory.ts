import {
  type BoatSummary,
  type Locale,
  SPECIES,
  SPECIES_CODES,
  type Species,
  speciesMatching,
} from '@sm/contract';
import { storage } from '../../lib/storage';

/**
 * What the lot form remembers of a merchant's published lots on this device, so the next lot
 * starts where the last ended: the species used most recently first, the last harbour and boat.
 */
export interface LotMemory {
  merchantId: string;
  /** Most recent first, at most RECENT_SPECIES_MAX. */
  recentSpecies: Species[];
  harbor: string;
  boatId: string;
}

export const RECENT_SPECIES_MAX = 5;

const isSpecies = (value: unknown): value is Species =>
  typeof value === 'string' && Object.hasOwn(SPECIES, value);

const isRecord = (data: unknown): data is Record<string, unknown> =>
  typeof data === 'object' && data !== null && !Array.isArray(data);

/** The stored memory as the form can use it, or null (unreadable, or another merchant's). */
export function reviveMemory(data: unknown, merchantId: string): LotMemory | null {
  if (!isRecord(data) || data.merchantId !== merchantId) return null;
  const species = Array.isArray(data.recentSpecies) ? data.recentSpecies.filter(isSpecies) : [];
  return {
    merchantId,
    recentSpecies: [...new Set(species)].slice(0, RECENT_SPECIES_MAX),
    harbor: typeof data.harbor === 'string' ? data.harbor : '',
    boatId: typeof data.boatId === 'string' ? data.boatId : '',
  };
}

/**
 * The memory after publishing `lots` (in form order): each lot's species moves to the front, so
 * the last lot's comes first; the last lot's harbour and boat are the next form's.
 */
export function rememberLots(
  memory: LotMemory | null,
  merchantId: string,
  lots: readonly { species: string; harbor: string; boatId: string }[],
): LotMemory {
  let recent = memory?.merchantId === merchantId ? memory.recentSpecies : [];
  let harbor = memory?.merchantId === merchantId ? memory.harbor : '';
  let boatId = memory?.merchantId === merchantId ? memory.boatId : '';
  for (const lot of lots) {
    const species = lot.species;
    if (isSpecies(species)) recent = [species, ...recent.filter((code) => code !== species)];
    if (lot.harbor.trim()) harbor = lot.harbor.trim();
    if (lot.boatId) boatId = lot.boatId;
  }
  return { merchantId, recentSpecies: recent.slice(0, RECENT_SPECIES_MAX), harbor, boatId };
}

export const readLotMemory = (merchantId: string): LotMemory | null =>
  reviveMemory(storage.get('lotFormMemory', isRecord), merchantId);

/** Remembers what `lots` were published with; a device that will not keep it just forgets. */
export function rememberPublished(
  merchantId: string,
  lots: readonly { species: string; harbor: string; boatId: string }[],
): void {
  storage.set('lotFormMemory', rememberLots(readLotMemory(merchantId), merchantId, lots));
}

/**
 * The boat a new lot starts with: the store's only boat, or else the last one used while it is
 * still the store's; none when the merchant must choose.
 */
export function defaultBoat(boats: readonly BoatSummary[] | undefined, remembered = ''): string {
  if (!boats) return '';
  if (boats.length === 1) return boats[0]?.id ?? '';
  return boats.some((boat) => boat.id === remembered) ? remembered : '';
}

export interface SpeciesChoices {
  /** Recently used species that match, most recent first. */
  recent: Species[];
  /** Every species that matches, in the contract's order (what Malaysian markets land most). */
  all: Species[];
}

/**
 * The species to offer for `query`: with no query, the recent ones and then all; with one, those
 * whose name in any of the three languages, or code, contains it (recent first in `recent`).
 */
export function speciesChoices(query: string, recent: readonly Species[]): SpeciesChoices {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return { recent: [...recent], all: [...SPECIES_CODES] };
  const byName = new Set(speciesMatching(needle));
  const all = SPECIES_CODES.filter(
    (code) => byName.has(code) || code.replace(/_/g, ' ').includes(needle),
  );
  return { recent: recent.filter((code) => all.includes(code)), all };
}

/** A species' name in `locale`, and its names in the two other languages (for the list). */
export function speciesNames(code: Species, locale: Locale) {
  const names = SPECIES[code];
  const others = (['en', 'zh', 'my'] as const).filter((other) => other !== locale);
  return {
    name: names[locale],
    others: others.map((other) => ({ locale: other, name: names[other] })),
  };
}
