// `npm run dev`: the API server with reload on :3000 and Vite's dev server on :5173 (proxying /api
// and /media). The server logs readable lines here unless LOG_FORMAT says otherwise.
import { spawn } from 'node:child_process';

const serverEnv = { ...process.env, LOG_FORMAT: process.env.LOG_FORMAT ?? 'pretty' };
const children = [
  spawn('npm', ['run', 'dev', '-w', 'apps/server'], { stdio: 'inherit', env: serverEnv }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', stop));
