import { healthResponse, versionResponse } from '../index.js';
import { defineRoute } from './define.js';

export const systemApi = {
  health: defineRoute({
    method: 'GET',
    path: '/api/health',
    tag: 'System',
    summary: '200 only when the database answers',
    response: healthResponse,
  }),
  version: defineRoute({
    method: 'GET',
    path: '/api/version',
    tag: 'System',
    summary: 'Version of the server, and the build of the app it serves',
    response: versionResponse,
  }),
};
