import { describe, expect, it } from 'vitest';
import { firstPaintId } from '@formsign/serving/first-paint';
import { bootScript, routePattern } from './boot-script.ts';

describe('a route pattern as the boot script matches it', () => {
  const matches = (pattern: string, path: string): boolean => new RegExp(routePattern(pattern)).test(path);

  it('matches the paths the router does', () => {
    expect(matches('/dashboard', '/dashboard')).toBe(true);
    expect(matches('/dashboard', '/dashboard/')).toBe(true);
    expect(matches('/dashboard', '/dashboards')).toBe(false);
    expect(matches('/users/:page?', '/users')).toBe(true);
    expect(matches('/users/:page?', '/users/2')).toBe(true);
    expect(matches('/template/edit/:id/step1', '/template/edit/3001/step1')).toBe(true);
    expect(matches('/template/edit/:id/step1', '/template/edit/step1')).toBe(false);
    expect(matches('/', '/')).toBe(true);
    expect(matches('/', '/login')).toBe(false);
    expect(matches('*', '/no/such/page')).toBe(true);
  });
});

describe('the boot script on a signing page', () => {
  it('waits for the image painted under the id the server writes', () => {
    expect(bootScript('/js/index.js', [], [])).toContain(`querySelector('#${firstPaintId} img')`);
  });
});
