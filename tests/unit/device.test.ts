// The coarse device name of a session or a security log entry (server/security/device.ts), from real User-Agents.
import { describe, expect, it } from 'vitest';
import { describeDevice, deviceOf } from '../../server/security/device';

const agents: [string, string][] = [
  ['Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 'Chrome|Android'],
  [
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
    'Samsung Internet|Android',
  ],
  ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1', 'Safari|iOS'],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
    'Chrome|iOS',
  ],
  ['Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1', 'Safari|iPadOS'],
  ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15', 'Safari|macOS'],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Edge|Windows'],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/114.0.0.0', 'Opera|Windows'],
  ['Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox|Linux'],
  ['Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome|ChromeOS'],
  ['curl/8.5.0', ''],
  ['', ''],
];

describe('the device a session comes from', () => {
  it.each(agents)('%s', (agent, stored) => expect(deviceOf(agent)).toBe(stored));

  it('reads only the start of a header, however long', () => {
    expect(deviceOf(`${'x'.repeat(400)} Firefox/132.0 (Android 14)`)).toBe('Firefox|Android');
    expect(deviceOf(`${'Mozilla/5.0 ('.repeat(100_000)} Firefox/132.0 (Android 14)`)).toBe('');
  });

  it('is described in the reader’s language', () => {
    expect(describeDevice('en', 'Firefox|Android')).toBe('Firefox on Android');
    expect(describeDevice('fr', 'Firefox|Android')).toBe('Firefox sur Android');
    expect(describeDevice('en', 'Chrome|')).toBe('Chrome');
    expect(describeDevice('es', '|Windows')).toBe('Un navegador en Windows');
    expect(describeDevice('ar', '')).toBe('جهاز غير معروف');
  });
});
