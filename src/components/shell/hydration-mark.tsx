'use client';

import { useEffect } from 'react';

/**
 * Sets `<html data-hydrated>` once React has hydrated the root layout. Until then the page is
 * server-rendered markup whose buttons do nothing, so a click that lands first is lost; the
 * browser tests wait for this mark before every click or keystroke (e2e/fixtures.ts). A page's
 * own Suspense boundary (its loading.tsx) hydrates in a later pass, so the tests also wait for
 * the element they act on.
 */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
