'use client';

import { useEffect } from 'react';

/**
 * Sets `<html data-hydrated>` once React has attached its event handlers. Until then the page is
 * server-rendered markup whose buttons do nothing, so a click that lands first is lost; the
 * browser tests wait for this mark before every click or keystroke (e2e/fixtures.ts).
 */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
