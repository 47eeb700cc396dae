/**
 * The settings env() requires, stubbed with stand-in values, for a unit test that runs app code without the local
 * cloud; `overrides` adds or replaces some. Stub in beforeAll, unstub in afterAll.
 */
import { vi } from 'vitest';
import { resetAwsClients } from '../../functions/platform/aws.js';
import { resetEnvCache } from '../../functions/platform/env.js';
import { secretNames } from '../../functions/platform/secrets.js';

export function stubAppEnv(overrides: Record<string, string> = {}): void {
  const settings = {
    TABLE_EVENTS: 'events',
    TABLE_VIEWS: 'views',
    TABLE_COUNTERS: 'counters',
    TABLE_EPHEMERAL: 'ephemeral',
    TABLE_KEYS: 'keys',
    MEDIA_BUCKET: 'toko-media',
    SESSION_SECRET: 'x'.repeat(32),
    PERSONAL_DATA_SECRET: 'y'.repeat(32),
    SECOND_FACTOR_SECRET: 'z'.repeat(32),
    DOWNLOAD_LINK_SECRET: 'w'.repeat(32),
    APP_ORIGIN: 'https://toko.example',
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'unit',
    AWS_SECRET_ACCESS_KEY: 'unit',
    ...overrides,
  };
  for (const [name, value] of Object.entries(settings)) vi.stubEnv(name, value);
  // Optional settings the system tests' local cloud puts in the process environment, which unit workers started after
  // it inherit: a unit test sees the defaults (no origin check, the real daily play ceiling) unless it names them.
  for (const name of LOCAL_CLOUD_OPTIONAL_SETTINGS) if (!(name in settings)) vi.stubEnv(name, undefined);
  resetSettings();
}

/** The settings and secrets the app reads but a unit test does not get unless it names them (Stripe's and Shopify's keys among them). */
const LOCAL_CLOUD_OPTIONAL_SETTINGS = [...secretNames, 'PLAYS_PER_LISTENER_DAY', 'SHOPIFY_MEMBER_DISCOUNT_CODE'];

export function unstubAppEnv(): void {
  vi.unstubAllEnvs();
  resetSettings();
}

/**
 * Settings read again, and the SDK's clients made again from them: a unit worker keeps its modules from file to file,
 * so a client another file made would still call the endpoint that file stubbed (a fake table it has since closed).
 */
function resetSettings(): void {
  resetEnvCache();
  resetAwsClients();
}
