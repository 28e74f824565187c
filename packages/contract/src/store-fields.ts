import { TEXT_MAX_LENGTH } from './constants.js';

// The store's limits, accepted documents and map links, without zod: the store pages read them
// as they render, and load the schemas (store.ts) only when a form first checks what was typed.

/** PRODUCT.md §7. Long enough for a registered company name ("… Sdn. Bhd."), short enough for a bar. */
export const STORE_NAME_MAX_LENGTH = 80;
/** A Malaysian postal address with unit, street, postcode, town and state fits in 200. */
export const STORE_ADDRESS_MAX_LENGTH = 200;
export const STORE_DESCRIPTION_MAX_LENGTH = 500;
/** A notice bar scrolls through them all: a handful of short lines, each one line of a phone. */
export const MAX_ANNOUNCEMENTS = 5;
export const ANNOUNCEMENT_MAX_LENGTH = TEXT_MAX_LENGTH;
export const MAX_CAROUSEL_IMAGES = 5;

/** The SSM registration document: a PDF or a photo of it, up to 10 MB. */
export const MAX_SSM_DOCUMENT_BYTES = 10 * 1024 * 1024;
/** Accepted documents, by what their content is (sniffed), and the names they may carry. */
export const SSM_DOCUMENT_TYPES = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg', 'jfif'],
  'image/png': ['png'],
  'image/webp': ['webp'],
} as const;

/** Waze and Google Maps links that open a location (navigation in Waze). */
export const wazeUrl = (latitude: number, longitude: number) =>
  `https://waze.com/ul?ll=${latitude},${longitude}&navigate=yes`;
export const googleMapsUrl = (latitude: number, longitude: number) =>
  `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`;
