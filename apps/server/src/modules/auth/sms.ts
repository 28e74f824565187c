import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { insertOutbox } from './auth.repo.js';

export interface SmsMessage {
  phone: string;
  purpose: 'register' | 'reset';
  code: string;
  body: string;
}

/** How a code reaches a phone. Chosen by configuration (SMS_PROVIDER). */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/** Development and tests: the message goes to the log and to the outbox table. */
export function outboxSmsSender(db: Db, log: FastifyBaseLogger): SmsSender {
  return {
    async send(message) {
      await insertOutbox(db, message);
      log.info(
        { phone: message.phone, purpose: message.purpose, code: message.code },
        'SMS (outbox)',
      );
    },
  };
}

/**
 * A generic HTTP SMS gateway: POSTs `{to, from, text}` as JSON with a bearer token. Most Malaysian
 * gateways take this shape or need a small adapter here.
 */
export function httpSmsSender(sms: Config['sms'], log: FastifyBaseLogger): SmsSender {
  const url = sms.url;
  if (!url) throw new Error('SMS_HTTP_URL is not set');
  return {
    async send(message) {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(sms.token ? { authorization: `Bearer ${sms.token}` } : {}),
        },
        body: JSON.stringify({ to: message.phone, from: sms.senderId, text: message.body }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) {
        log.warn({ status: res.status, phone: message.phone }, 'SMS gateway refused the message');
        throw new Error(`SMS gateway answered ${res.status}`);
      }
    },
  };
}

export function smsBody(code: string, purpose: 'register' | 'reset'): string {
  const what = purpose === 'register' ? 'registration' : 'password reset';
  return `[Seafood Market] Your ${what} code is ${code}. It expires in 5 minutes. Do not share it.`;
}
