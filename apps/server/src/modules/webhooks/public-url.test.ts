import { describe, expect, it } from 'vitest';
import { unreachableByForges } from './public-url.js';

describe('unreachableByForges', () => {
  it.each([
    'http://localhost:3000',
    'http://127.0.0.1:8080',
    'http://127.5.6.7',
    'http://[::1]:3000',
    'http://10.1.2.3',
    'http://172.16.0.1',
    'http://172.31.255.255',
    'http://192.168.1.10',
    'http://rota.local',
    'http://app.localhost',
    'http://intranet',
    'not a url',
  ])('refuses %s', (url) => {
    expect(unreachableByForges(url)).toBe(true);
  });

  it.each([
    'https://rota.example.com',
    'https://140.82.112.3',
    'http://172.32.0.1',
    'https://[2606:4700::1111]',
    'https://localhost.example.com',
  ])('accepts %s', (url) => {
    expect(unreachableByForges(url)).toBe(false);
  });
});
