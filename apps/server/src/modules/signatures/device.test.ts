import { describe, expect, it } from 'vitest';
import { deviceOf } from './device.ts';

describe('the device on the audit page', () => {
  it('names the browser, its version, the system and the kind of device', () => {
    expect(
      deviceOf(
        'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome 126 on Android 14 (phone)');
    expect(
      deviceOf(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      ),
    ).toBe('Edge 126 on Windows 10/11 (computer)');
    expect(
      deviceOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 17 on iOS 17 (phone)');
    expect(deviceOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0')).toBe(
      'Firefox 127 on macOS 14.5 (computer)',
    );
    expect(deviceOf(null)).toBe('unknown');
  });
});
