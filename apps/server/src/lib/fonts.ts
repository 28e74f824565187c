import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * Noto Sans SC, regular and bold: Chinese and the Latin letters of Malay and English in one face,
 * for what the server draws itself (invoice PDFs, printed slips). Paths only; nothing is read here.
 */
export const NOTO_SANS_SC = {
  regular: require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'),
};
