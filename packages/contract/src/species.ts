/**
 * Species categories of the lot form: what Malaysian fish markets commonly land. The code is what
 * the API and the database carry; names are given in the three languages of the app.
 */
export const SPECIES = {
  kembung: { en: 'Indian mackerel', zh: '甘望鱼', my: 'Ikan Kembung' },
  selar: { en: 'Yellowtail scad', zh: '黄尾鲹', my: 'Ikan Selar' },
  cencaru: { en: 'Torpedo scad', zh: '硬尾鱼', my: 'Ikan Cencaru' },
  tenggiri: { en: 'Spanish mackerel', zh: '马鲛鱼', my: 'Ikan Tenggiri' },
  tongkol: { en: 'Longtail tuna', zh: '鲣鱼', my: 'Ikan Tongkol' },
  bawal_putih: { en: 'Silver pomfret', zh: '白鲳', my: 'Ikan Bawal Putih' },
  bawal_hitam: { en: 'Black pomfret', zh: '黑鲳', my: 'Ikan Bawal Hitam' },
  merah: { en: 'Red snapper', zh: '红鲷鱼', my: 'Ikan Merah' },
  kerapu: { en: 'Grouper', zh: '石斑鱼', my: 'Ikan Kerapu' },
  siakap: { en: 'Barramundi', zh: '金目鲈', my: 'Ikan Siakap' },
  senangin: { en: 'Threadfin', zh: '午鱼', my: 'Ikan Senangin' },
  kurau: { en: 'Fourfinger threadfin', zh: '马友鱼', my: 'Ikan Kurau' },
  gelama: { en: 'Croaker', zh: '黄花鱼', my: 'Ikan Gelama' },
  bilis: { en: 'Anchovy', zh: '江鱼仔', my: 'Ikan Bilis' },
  pari: { en: 'Stingray', zh: '魔鬼鱼', my: 'Ikan Pari' },
  udang_putih: { en: 'White prawn', zh: '白虾', my: 'Udang Putih' },
  udang_harimau: { en: 'Tiger prawn', zh: '老虎虾', my: 'Udang Harimau' },
  sotong: { en: 'Squid', zh: '鱿鱼', my: 'Sotong' },
  ketam_bunga: { en: 'Blue swimming crab', zh: '花蟹', my: 'Ketam Bunga' },
  ketam_nipah: { en: 'Mud crab', zh: '青蟹', my: 'Ketam Nipah' },
  kerang: { en: 'Blood cockle', zh: '血蚶', my: 'Kerang' },
  lala: { en: 'Clam', zh: '啦啦', my: 'Lala' },
  other: { en: 'Other', zh: '其他', my: 'Lain-lain' },
} as const satisfies Record<string, { en: string; zh: string; my: string }>;

export type Species = keyof typeof SPECIES;
export const SPECIES_CODES = Object.keys(SPECIES) as [Species, ...Species[]];

/** Codes of the species whose name in any language contains `text` (search by species). */
export function speciesMatching(text: string): Species[] {
  const needle = text.trim().toLocaleLowerCase();
  if (!needle) return [];
  return SPECIES_CODES.filter((code) =>
    Object.values(SPECIES[code]).some((name) => name.toLocaleLowerCase().includes(needle)),
  );
}
