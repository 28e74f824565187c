import type { Locale as AntdLocale } from 'antd-mobile/es/locales/base';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import type { Locale } from '@sm/contract';

const typeTemplate = '${label} bukan ${type} yang sah';

/** antd-mobile's own texts in Malay, in the shape of its en-US locale. */
const msMY: AntdLocale = {
  locale: 'ms-MY',
  common: { confirm: 'Sahkan', cancel: 'Batal', loading: 'Memuatkan', close: 'Tutup' },
  Calendar: {
    title: 'Pilih tarikh',
    confirm: 'Sahkan',
    start: 'mula',
    end: 'tamat',
    startAndEnd: 'mula/tamat',
    today: 'hari ini',
    markItems: ['Isn', 'Sel', 'Rab', 'Kha', 'Jum', 'Sab', 'Ahd'],
    yearAndMonth: '${month}/${year}',
  },
  Cascader: { placeholder: 'Sila pilih' },
  Dialog: { ok: 'OK' },
  DatePicker: { tillNow: 'Hingga kini' },
  ErrorBlock: {
    default: { title: 'Maaf, berlaku masalah', description: 'Sila tunggu sebentar dan cuba lagi' },
    busy: { title: 'Maaf, tidak dapat dimuatkan', description: 'Cuba muat semula halaman' },
    disconnected: { title: 'Rangkaian sibuk', description: 'Cuba muat semula halaman' },
    empty: { title: 'Tiada apa-apa di sini', description: 'Cuba carian lain?' },
  },
  Form: {
    required: 'Wajib',
    optional: 'Pilihan',
    defaultValidateMessages: {
      default: 'Ralat pengesahan bagi ${label}',
      required: 'Sila masukkan ${label}',
      enum: '${label} mestilah salah satu daripada [${enum}]',
      whitespace: '${label} tidak boleh kosong',
      date: {
        format: 'Format tarikh ${label} tidak sah',
        parse: '${label} tidak dapat ditukar kepada tarikh',
        invalid: '${label} ialah tarikh yang tidak sah',
      },
      types: {
        string: typeTemplate,
        method: typeTemplate,
        array: typeTemplate,
        object: typeTemplate,
        number: typeTemplate,
        date: typeTemplate,
        boolean: typeTemplate,
        integer: typeTemplate,
        float: typeTemplate,
        regexp: typeTemplate,
        email: typeTemplate,
        url: typeTemplate,
        hex: typeTemplate,
      },
      string: {
        len: '${label} mestilah ${len} aksara',
        min: '${label} mestilah sekurang-kurangnya ${min} aksara',
        max: '${label} mestilah tidak melebihi ${max} aksara',
        range: '${label} mestilah antara ${min}-${max} aksara',
      },
      number: {
        len: '${label} mestilah sama dengan ${len}',
        min: '${label} mestilah sekurang-kurangnya ${min}',
        max: '${label} mestilah tidak melebihi ${max}',
        range: '${label} mestilah antara ${min}-${max}',
      },
      array: {
        len: 'Mestilah ${len} ${label}',
        min: 'Sekurang-kurangnya ${min} ${label}',
        max: 'Paling banyak ${max} ${label}',
        range: 'Bilangan ${label} mestilah antara ${min}-${max}',
      },
      pattern: { mismatch: '${label} tidak sepadan dengan corak ${pattern}' },
    },
  },
  ImageUploader: { uploading: 'Memuat naik...', upload: 'Muat naik' },
  InfiniteScroll: { noMore: 'Tiada lagi', failedToLoad: 'Gagal dimuatkan', retry: 'Cuba lagi' },
  Input: { clear: 'kosongkan' },
  Mask: { name: 'Topeng' },
  Modal: { ok: 'OK' },
  NumberKeyboard: { backspace: 'padam' },
  PasscodeInput: { name: 'Input kod laluan' },
  PullToRefresh: {
    pulling: 'Tarik ke bawah untuk muat semula',
    canRelease: 'Lepaskan untuk muat semula',
    complete: 'Berjaya dimuat semula',
  },
  SearchBar: { name: 'Bar carian' },
  Slider: { name: 'Peluncur' },
  Stepper: { decrease: 'kurangkan', increase: 'tambah' },
  Switch: { name: 'Suis' },
  Selector: { name: 'Pemilih' },
};

export const antdLocales: Record<Locale, AntdLocale> = { en: enUS, zh: zhCN, my: msMY };
