// Generated from the route declarations by `npm run routes:table`: do not edit.
import type * as declared from '../index.js';
import { ref } from '../ref.js';

export const printingApi = {
  list: ref<typeof declared.printingApi.list>('GET', '/api/printers'),
  create: ref<typeof declared.printingApi.create>('POST', '/api/printers'),
  update: ref<typeof declared.printingApi.update>('PUT', '/api/printers/:id'),
  delete: ref<typeof declared.printingApi.delete>('DELETE', '/api/printers/:id'),
  test: ref<typeof declared.printingApi.test>('POST', '/api/printers/:id/test'),
  print: ref<typeof declared.printingApi.print>('POST', '/api/printers/:id/print'),
  jobs: ref<typeof declared.printingApi.jobs>('GET', '/api/print-jobs'),
  slipBin: ref<typeof declared.printingApi.slipBin>('GET', '/api/orders/:id/slip.bin'),
  slipPng: ref<typeof declared.printingApi.slipPng>('GET', '/api/orders/:id/slip.png'),
  testPageBin: ref<typeof declared.printingApi.testPageBin>('GET', '/api/printers/test-page.bin'),
  testPagePng: ref<typeof declared.printingApi.testPagePng>('GET', '/api/printers/test-page.png'),
};
