import { defineMessages } from '../../../platform/i18n/messages';

/** The favorites toggle on product pages and cards and its toasts (shipped with catalogue pages: keep it short). */
export const favoritesMessages = defineMessages(
  {
    toggleLabel: 'Save {name} to favorites',
    toggleLabelWithPack: 'Save {name}, {pack} to favorites',
    saved: 'Saved to favorites',
    removed: 'Removed from favorites',
    updateFailed: 'Favorites not updated',
    networkError: 'The connection failed. Please check it and try again.',
  },
  {
    toggleLabel: '{name} merken',
    toggleLabelWithPack: '{name}, {pack} merken',
    saved: 'Zu den Favoriten hinzugefügt',
    removed: 'Aus den Favoriten entfernt',
    updateFailed: 'Favoriten nicht aktualisiert',
    networkError: 'Die Verbindung ist fehlgeschlagen. Bitte prüfen Sie sie und versuchen Sie es erneut.',
  },
);
