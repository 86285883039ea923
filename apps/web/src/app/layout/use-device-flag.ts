import { useCallback, useState } from 'react';
import { readStorage, writeStorage } from '@/lib/storage';

/** A yes/no choice of the player remembered on the device (localStorage "1"), such as a collapsed side menu. */
export function useDeviceFlag(key: string): [boolean, () => void] {
  const [value, setValue] = useState(() => readStorage('localStorage', key) === '1');
  const toggle = useCallback(() => {
    setValue((current) => {
      writeStorage('localStorage', key, current ? null : '1');
      return !current;
    });
  }, [key]);
  return [value, toggle];
}
