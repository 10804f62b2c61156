import { useCallback, useEffect, useState } from 'react';
import { apiClient, attempt } from '../../../platform/api-client';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { backOfficeMessages } from '../i18n/messages';
import { PharmacyPicker, StaffGate } from './Shared';
import { useStaff, type Me } from './useStaff';
import './backoffice.css';

const ROLES = ['pharmacist', 'manager', 'operator'] as const;
type Role = (typeof ROLES)[number];
interface Person {
  id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  role: Role;
  pharmacy_id: string | null;
  invited: boolean;
  deactivated: boolean;
}

/** Staff: managers their pharmacy's pharmacists, operators everyone (invite, change role, deactivate). */
export default function StaffScreen({ locale }: { locale: Locale }) {
  const state = useStaff(locale);
  return <StaffGate locale={locale} state={state}>{() => state.phase === 'ready' && <People locale={locale} me={state.me} pharmacies={state.pharmacies} />}</StaffGate>;
}

function People({ locale, me, pharmacies }: { locale: Locale; me: Me; pharmacies: { id: string; name: string }[] }) {
  const t = translator(backOfficeMessages, locale);
  const [chosen, setChosen] = useState('');
  const [people, setPeople] = useState<Person[] | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const [form, setForm] = useState({ email: '', first_name: '', last_name: '', role: 'pharmacist' as Role, pharmacy_id: '' });
  const operator = me.role === 'operator';

  const load = useCallback(async () => {
    const query = operator && chosen ? { pharmacy: chosen } : {};
    const outcome = await attempt(() => apiClient(locale).GET('/api/v1/pharmacy/staff', { params: { query } }), locale);
    if (outcome.ok) setPeople(outcome.data.staff);
    else setStatus(outcome.problem.message);
  }, [chosen, locale, operator]);

  useEffect(() => {
    if (me.role !== 'pharmacist') void load();
  }, [load, me.role]);

  if (me.role === 'pharmacist') return <p className="bo-hint">{t('readOnly')}</p>;

  async function deactivate(person: Person) {
    if (!window.confirm(t('deactivateConfirm', { email: person.email ?? '' }))) return;
    setBusy(true);
    const outcome = await attempt(() => apiClient(locale).POST('/api/v1/pharmacy/staff/{id}/deactivate', { params: { path: { id: person.id } } }), locale);
    setBusy(false);
    setStatus(outcome.ok ? t('deactivated', { email: person.email ?? '' }) : outcome.problem.message);
    void load();
  }

  async function changeRole(person: Person, role: Role) {
    setBusy(true);
    const outcome = await attempt(() => apiClient(locale).PUT('/api/v1/pharmacy/staff/{id}/role', { params: { path: { id: person.id } }, body: { role } }), locale);
    setBusy(false);
    setStatus(outcome.ok ? t('roleChanged', { email: person.email ?? '', role: t(`role.${role}`) }) : outcome.problem.message);
    void load();
  }

  async function invite() {
    setBusy(true);
    const pharmacy = operator ? form.pharmacy_id || chosen || null : me.pharmacy_id;
    const outcome = await attempt(
      () =>
        apiClient(locale).POST('/api/v1/pharmacy/staff/invite', {
          body: { email: form.email, first_name: form.first_name, last_name: form.last_name, role: operator ? form.role : 'pharmacist', pharmacy_id: form.role === 'operator' ? null : pharmacy },
        }),
      locale,
    );
    setBusy(false);
    if (outcome.ok) {
      setStatus(t('invited', { email: outcome.data.email ?? form.email }));
      setForm({ email: '', first_name: '', last_name: '', role: 'pharmacist', pharmacy_id: '' });
      void load();
    } else setStatus(outcome.problem.message);
  }

  const state = (person: Person) => (person.deactivated ? t('stateDeactivated') : person.invited ? t('stateInvited') : t('stateActive'));

  return (
    <div className="bo-screen">
      {operator && <PharmacyPicker locale={locale} pharmacies={pharmacies} value={chosen} onChange={setChosen} />}
      <p role="status" className="bo-hint">
        {status}
      </p>
      <section aria-labelledby="bo-people" className="bo-section">
        <h2 id="bo-people">{t('staffList')}</h2>
        {people && (
          <table className="bo-table">
            <thead>
              <tr>
                <th scope="col">{t('colName')}</th>
                <th scope="col">{t('colEmail')}</th>
                <th scope="col">{t('colRole')}</th>
                <th scope="col">{t('colState')}</th>
                <th scope="col">{t('colActions')}</th>
              </tr>
            </thead>
            <tbody>
              {people.map((person) => (
                <tr key={person.id}>
                  <th scope="row">{[person.first_name, person.last_name].filter(Boolean).join(' ') || '–'}</th>
                  <td>{person.email}</td>
                  <td>
                    {operator && !person.deactivated ? (
                      <>
                        <label className="bo-visually-hidden" htmlFor={`bo-role-${person.id}`}>
                          {t('changeRole', { email: person.email ?? '' })}
                        </label>
                        <select id={`bo-role-${person.id}`} value={person.role} disabled={busy} onChange={(event) => void changeRole(person, event.target.value as Role)}>
                          {ROLES.map((role) => (
                            <option key={role} value={role}>
                              {t(`role.${role}`)}
                            </option>
                          ))}
                        </select>
                      </>
                    ) : (
                      t(`role.${person.role}`)
                    )}
                  </td>
                  <td>{state(person)}</td>
                  <td>
                    {!person.deactivated && (operator || person.role === 'pharmacist') && (
                      <button type="button" className="bo-button bo-button--secondary" disabled={busy} onClick={() => void deactivate(person)}>
                        {t('deactivate')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="bo-invite" className="bo-section">
        <h2 id="bo-invite">{t('inviteHeading')}</h2>
        <form
          className="bo-grid"
          onSubmit={(event) => {
            event.preventDefault();
            void invite();
          }}
        >
          <div className="bo-field">
            <label htmlFor="bo-invite-first">{t('firstName')}</label>
            <input id="bo-invite-first" required maxLength={100} autoComplete="off" value={form.first_name} onChange={(event) => setForm({ ...form, first_name: event.target.value })} />
          </div>
          <div className="bo-field">
            <label htmlFor="bo-invite-last">{t('lastName')}</label>
            <input id="bo-invite-last" maxLength={100} autoComplete="off" value={form.last_name} onChange={(event) => setForm({ ...form, last_name: event.target.value })} />
          </div>
          <div className="bo-field">
            <label htmlFor="bo-invite-email">{t('email')}</label>
            <input id="bo-invite-email" type="email" required maxLength={254} autoComplete="off" value={form.email} onChange={(event) => setForm({ ...form, email: event.target.value })} />
          </div>
          {operator && (
            <>
              <div className="bo-field">
                <label htmlFor="bo-invite-role">{t('role')}</label>
                <select id="bo-invite-role" value={form.role} onChange={(event) => setForm({ ...form, role: event.target.value as Role })}>
                  {ROLES.map((role) => (
                    <option key={role} value={role}>
                      {t(`role.${role}`)}
                    </option>
                  ))}
                </select>
              </div>
              {form.role !== 'operator' && (
                <div className="bo-field">
                  <label htmlFor="bo-invite-pharmacy">{t('pharmacyId')}</label>
                  <select id="bo-invite-pharmacy" value={form.pharmacy_id || chosen} onChange={(event) => setForm({ ...form, pharmacy_id: event.target.value })}>
                    <option value="">{t('pharmacyChoose')}</option>
                    {pharmacies.map((item) => (
                      <option key={item.id} value={item.id}>
                        {item.name}
                      </option>
                    ))}
                  </select>
                </div>
              )}
            </>
          )}
          <div>
            <button type="submit" className="bo-button" disabled={busy}>
              {busy ? t('working') : t('invite')}
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}
