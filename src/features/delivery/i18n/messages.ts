import { defineMessages } from "../../../platform/i18n/messages";

/** The tracking screen on the order page (stages, map, footer). */
export const trackingMessages = defineMessages(
  {
    heading: "Tracking",
    stagesLabel: "Progress of your order",
    stageDone: "done",
    stageCurrent: "current step",
    reachedAt: "reached {time}",
    mapHeading: "Your courier",
    mapLabel: "Map with the pharmacy, the courier and your address",
    legendPharmacy: "Pharmacy",
    legendCourier: "Courier",
    legendDestination: "Your address",
    noTiles:
      "No street map: no map tile server is configured for this shop, so the map shows only where the pharmacy, the courier and your address are, the way so far and a scale.",
    mapLoading: "Loading the map…",
    waitingForCourier:
      "Your order has been handed to the courier, who will set off shortly.",
    courierDistance:
      "The courier is {distance} away and should be at your door in about {minutes} min.",
    courierArriving: "The courier is arriving at your door now.",
    lastSeen: "Position from {time}.",
    coordinatesFailed: "Where the courier is could not be loaded: {message}",
    missedHeading: "We missed you",
    missedBody:
      "Our courier could not hand over your order because nobody was home. It is safe at {pharmacy} again.",
    missedChoices:
      "Choose a new delivery time, or collect it at the pharmacy yourself: call {pharmacy} and they will arrange it with you.",
    callPharmacy: "Call {pharmacy}",
    outcomeRejected: "The pharmacy did not accept your order.",
    outcomeExpired:
      "The pharmacy did not answer in time, so your order was not placed.",
    outcomeCancelled:
      "You withdrew this order before the pharmacy accepted it.",
    outcomeRefunded: "The pharmacy refunded your order.",
    outcomeReason: "Reason: {reason}",
    refundHeading: "What you got back",
    refundCard: "{amount} to your {card}",
    refundCardReleased:
      "The reservation of {amount} on your {card} was released: nothing was charged.",
    refundCredit: "{amount} credit back in your account",
    refundCoupon: "Your coupon {code} can be used again",
    refundCouponKept:
      "The coupon {code} stays used (the order had been delivered).",
    refundNothing: "Nothing was charged.",
    footerLabel: "Help with this order",
    help: "Help",
    yourOrder: "Your order",
  },
  {
    heading: "Sendungsverfolgung",
    stagesLabel: "Fortschritt Ihrer Bestellung",
    stageDone: "erledigt",
    stageCurrent: "aktueller Schritt",
    reachedAt: "erreicht {time}",
    mapHeading: "Ihr Bote",
    mapLabel: "Karte mit der Apotheke, dem Boten und Ihrer Adresse",
    legendPharmacy: "Apotheke",
    legendCourier: "Bote",
    legendDestination: "Ihre Adresse",
    noTiles:
      "Keine Straßenkarte: Für diesen Shop ist kein Kartendienst eingerichtet. Die Karte zeigt daher nur, wo Apotheke, Bote und Ihre Adresse sind, den bisherigen Weg und einen Maßstab.",
    mapLoading: "Karte wird geladen …",
    waitingForCourier:
      "Ihre Bestellung wurde dem Boten übergeben, der gleich losfährt.",
    courierDistance:
      "Der Bote ist {distance} entfernt und in etwa {minutes} Min. bei Ihnen.",
    courierArriving: "Der Bote ist gleich an Ihrer Tür.",
    lastSeen: "Position von {time}.",
    coordinatesFailed:
      "Wo der Bote ist, konnte nicht geladen werden: {message}",
    missedHeading: "Wir haben Sie nicht angetroffen",
    missedBody:
      "Unser Bote konnte Ihre Bestellung nicht übergeben, weil niemand zu Hause war. Sie liegt wieder sicher in der {pharmacy}.",
    missedChoices:
      "Wählen Sie einen neuen Liefertermin oder holen Sie sie selbst in der Apotheke ab: Rufen Sie die {pharmacy} an, sie vereinbart alles mit Ihnen.",
    callPharmacy: "{pharmacy} anrufen",
    outcomeRejected: "Die Apotheke hat Ihre Bestellung nicht angenommen.",
    outcomeExpired:
      "Die Apotheke hat nicht rechtzeitig geantwortet, daher kam Ihre Bestellung nicht zustande.",
    outcomeCancelled:
      "Sie haben diese Bestellung zurückgezogen, bevor die Apotheke sie angenommen hat.",
    outcomeRefunded: "Die Apotheke hat Ihre Bestellung erstattet.",
    outcomeReason: "Grund: {reason}",
    refundHeading: "Das haben Sie zurückerhalten",
    refundCard: "{amount} auf Ihre {card}",
    refundCardReleased:
      "Die Reservierung von {amount} auf Ihrer {card} wurde aufgehoben: Es wurde nichts abgebucht.",
    refundCredit: "{amount} Guthaben zurück auf Ihrem Konto",
    refundCoupon: "Ihren Gutschein {code} können Sie wieder einlösen",
    refundCouponKept:
      "Der Gutschein {code} bleibt eingelöst (die Bestellung war bereits geliefert).",
    refundNothing: "Es wurde nichts abgebucht.",
    footerLabel: "Hilfe zu dieser Bestellung",
    help: "Hilfe",
    yourOrder: "Ihre Bestellung",
  },
);

/** The courier app (/courier/). */
export const courierMessages = defineMessages(
  {
    pageTitle: "Courier",
    pageDescription: "Your deliveries: start, share your position, hand over.",
    loginRequired: "Please log in with your courier account.",
    loginLink: "Log in",
    loading: "Loading your deliveries…",
    loadFailed: "Your deliveries could not be loaded. Please try again.",
    retry: "Try again",
    forbidden:
      "This page is for couriers. Please log in with a courier account.",
    empty:
      "No deliveries for you right now. New ones appear here when a pharmacy hands you a parcel.",
    listHeading: "Your deliveries",
    order: "Order {number}",
    from: "From",
    to: "To",
    customer: "Customer",
    phone: "Phone",
    note: "Note for the courier",
    window: "Delivery window",
    start: "Start delivery",
    delivered: "Delivered",
    nobodyHome: "Nobody home",
    sharing: "Sharing your position while you ride.",
    lastSent: "Last position sent at {time}.",
    noPositionYet: "Waiting for your position…",
    geoDenied:
      "Your position cannot be read: please allow location access for this page.",
    geoUnsupported: "This browser cannot share its position.",
    receivedBy: "Who received the parcel?",
    receivedCustomer: "The customer",
    receivedAdult: "Another adult at the address",
    neverNeighbour:
      'Never hand medicines to a neighbour: if nobody is home, choose "Nobody home".',
    confirmDelivered: "Confirm handover",
    cancel: "Cancel",
    confirmNobodyHome:
      "Nobody opened? The parcel goes back to the pharmacy, and the customer is told and offered a new time or pickup.",
    confirmReturn: "Bring it back",
    doneDelivered: "Order {number} delivered.",
    doneReturned: "Order {number} goes back to the pharmacy.",
    started: "Delivery of order {number} started.",
  },
  {
    pageTitle: "Bote",
    pageDescription: "Ihre Lieferungen: starten, Position teilen, übergeben.",
    loginRequired: "Bitte melden Sie sich mit Ihrem Botenkonto an.",
    loginLink: "Anmelden",
    loading: "Ihre Lieferungen werden geladen …",
    loadFailed:
      "Ihre Lieferungen konnten nicht geladen werden. Bitte versuchen Sie es erneut.",
    retry: "Erneut versuchen",
    forbidden:
      "Diese Seite ist für Boten. Bitte melden Sie sich mit einem Botenkonto an.",
    empty:
      "Gerade keine Lieferungen für Sie. Neue erscheinen hier, sobald eine Apotheke Ihnen ein Paket übergibt.",
    listHeading: "Ihre Lieferungen",
    order: "Bestellung {number}",
    from: "Von",
    to: "Nach",
    customer: "Kunde",
    phone: "Telefon",
    note: "Hinweis für den Boten",
    window: "Lieferfenster",
    start: "Lieferung starten",
    delivered: "Zugestellt",
    nobodyHome: "Niemand zu Hause",
    sharing: "Ihre Position wird während der Fahrt geteilt.",
    lastSent: "Letzte Position gesendet um {time}.",
    noPositionYet: "Warte auf Ihre Position …",
    geoDenied:
      "Ihre Position kann nicht gelesen werden: Bitte erlauben Sie dieser Seite den Standortzugriff.",
    geoUnsupported: "Dieser Browser kann seine Position nicht teilen.",
    receivedBy: "Wer hat das Paket entgegengenommen?",
    receivedCustomer: "Die Kundin oder der Kunde",
    receivedAdult: "Eine andere erwachsene Person an der Adresse",
    neverNeighbour:
      "Arzneimittel nie bei Nachbarn abgeben: Ist niemand zu Hause, wählen Sie „Niemand zu Hause“.",
    confirmDelivered: "Übergabe bestätigen",
    cancel: "Abbrechen",
    confirmNobodyHome:
      "Niemand hat geöffnet? Das Paket geht zurück in die Apotheke; der Kunde wird informiert und bekommt einen neuen Termin oder die Abholung angeboten.",
    confirmReturn: "Zurückbringen",
    doneDelivered: "Bestellung {number} zugestellt.",
    doneReturned: "Bestellung {number} geht zurück in die Apotheke.",
    started: "Lieferung der Bestellung {number} gestartet.",
  },
);
