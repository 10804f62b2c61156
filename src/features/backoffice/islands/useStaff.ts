import { useEffect, useState } from 'react';
import { apiClient, attempt } from '../../../platform/api-client';
import type { Locale } from '../../../platform/i18n/locales';
import { handleUnauthorized } from '../../accounts/client';
import { ROLE_ATTRIBUTE } from '../model/tabs';

export interface Me {
  role: 'pharmacist' | 'manager' | 'operator';
  pharmacy_id: string | null;
}

export type StaffState = { phase: 'loading' } | { phase: 'forbidden' } | { phase: 'error' } | { phase: 'ready'; me: Me; pharmacies: { id: string; name: string }[] };

/** Who is working (GET /pharmacy/me) and, for operators, the pharmacies they may pick from. */
export function useStaff(locale: Locale): StaffState {
  const [state, setState] = useState<StaffState>({ phase: 'loading' });
  useEffect(() => {
    void (async () => {
      const me = await attempt(() => apiClient(locale).GET('/api/v1/pharmacy/me'), locale);
      if (!me.ok) {
        if (handleUnauthorized(me.problem)) return;
        setState({ phase: me.problem.status === 403 ? 'forbidden' : 'error' });
        return;
      }
      let pharmacies: { id: string; name: string }[] = [];
      if (me.data.role === 'operator') {
        const list = await attempt(() => apiClient(locale).GET('/api/shop/v1/pharmacies'), locale);
        if (list.ok) pharmacies = list.data.items.map((item) => ({ id: item.id, name: `${item.name}, ${item.address.city}` }));
      }
      // Without a cached profile (storage cleared since login) the tab bar learns the role here.
      document.documentElement.setAttribute(ROLE_ATTRIBUTE, me.data.role);
      setState({ phase: 'ready', me: me.data, pharmacies });
    })();
  }, [locale]);
  return state;
}

/** The ?pharmacy= of a call: the operator's pick, else none (the server means the caller's own). */
export const pharmacyQuery = (me: Me, chosen: string) => (me.role === 'operator' ? { pharmacy: chosen } : {});
