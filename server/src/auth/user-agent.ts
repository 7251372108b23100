/**
 * What a browser's user agent says about the device it runs on: enough to name it in the
 * Connected Devices list ("Chrome on Windows") and to recognise it at the next sign-in.
 */
import { createHash } from 'node:crypto';

export interface DeviceDescription {
  fingerprint: string;
  name: string;
  platform: 'iOS' | 'Android' | 'Windows' | 'macOS' | 'Web';
  model: string;
  appVersion: string;
}

const browsers: readonly [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/([\d.]+)/, 'Edge'],
  [/OPR\/([\d.]+)/, 'Opera'],
  [/Firefox\/([\d.]+)/, 'Firefox'],
  [/FxiOS\/([\d.]+)/, 'Firefox'],
  [/CriOS\/([\d.]+)/, 'Chrome'],
  [/(?:Headless)?Chrome\/([\d.]+)/, 'Chrome'],
  [/Version\/([\d.]+).*Safari/, 'Safari'],
  [/formsign\/([\d.]+)/, 'formsign app'],
  [/node(?:-fetch)?\/?([\d.]*)/i, 'API client'],
];

function platformOf(userAgent: string): { platform: DeviceDescription['platform']; model: string } {
  if (/iPhone/.test(userAgent)) return { platform: 'iOS', model: 'iPhone' };
  if (/iPad/.test(userAgent)) return { platform: 'iOS', model: 'iPad' };
  const android = /Android [\d.]+; ([^;)]+)/.exec(userAgent);
  if (android) return { platform: 'Android', model: android[1]?.trim() || 'Android device' };
  if (/Windows/.test(userAgent)) return { platform: 'Windows', model: 'Windows PC' };
  if (/Macintosh|Mac OS X/.test(userAgent)) return { platform: 'macOS', model: 'Mac' };
  if (/Linux|X11|CrOS/.test(userAgent)) return { platform: 'Web', model: /CrOS/.test(userAgent) ? 'Chromebook' : 'Linux PC' };
  return { platform: 'Web', model: 'Unknown device' };
}

export function describeDevice(userAgent: string): DeviceDescription {
  const agent = userAgent.slice(0, 512);
  const { platform, model } = platformOf(agent);
  let browser = 'Browser';
  let version = '';
  for (const [pattern, name] of browsers) {
    const match = pattern.exec(agent);
    if (match) {
      browser = name;
      version = match[1] ?? '';
      break;
    }
  }
  const where = platform === 'Web' ? model : platform;
  return {
    fingerprint: createHash('sha256').update(agent).digest('base64url'),
    name: `${browser} on ${where}`,
    platform,
    model,
    appVersion: version ? `${browser} ${version.split('.')[0]}` : browser,
  };
}
