import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import type { Point } from '../model/geo';

/*
 * The delivery map: Leaflet, bundled from npm (no CDN), in a chunk of its own that the tracking
 * screen loads only while an order is in transit. Markers are vector circles (no icon images to
 * host); with a tile server configured (MAP_TILE_URL) streets are drawn beneath them, else the
 * map sits on a plain background and the screen says why.
 */

export interface DeliveryMapProps {
  pharmacy: Point;
  destination: Point;
  courier: Point | null;
  path: readonly Point[];
  tiles: { url: string; attribution: string } | null;
  labels: {
    map: string;
    pharmacy: string;
    courier: string;
    destination: string;
  };
}

const STYLE = {
  pharmacy: { color: '#0f6b3a', fillColor: '#16a34a' },
  destination: { color: '#1d4ed8', fillColor: '#3b82f6' },
  courier: { color: '#9a3412', fillColor: '#f97316' },
};

export default function DeliveryMap({ pharmacy, destination, courier, path, tiles, labels }: DeliveryMapProps) {
  const container = useRef<HTMLDivElement | null>(null);
  const parts = useRef<{
    map: L.Map;
    courier: L.CircleMarker;
    trail: L.Polyline;
  } | null>(null);

  useEffect(() => {
    if (!container.current) return;
    // A picture with a text description beside it (distance and ETA as live text): nothing in it
    // takes keyboard focus, so it can be role="img"; pointer users still drag and pinch.
    const map = L.map(container.current, {
      attributionControl: false,
      zoomControl: false,
      keyboard: false,
      scrollWheelZoom: false,
    });
    // The attribution is shown as text under the map (links inside a role="img" would be unreachable).
    if (tiles) L.tileLayer(tiles.url, { maxZoom: 19 }).addTo(map);
    L.control.scale({ imperial: false }).addTo(map);
    const dot = (at: Point, style: L.CircleMarkerOptions, label: string, radius: number, className: string) =>
      L.circleMarker([at.lat, at.lng], {
        ...style,
        radius,
        weight: 2,
        fillOpacity: 0.9,
        className,
      })
        .bindTooltip(label)
        .addTo(map);
    dot(pharmacy, STYLE.pharmacy, labels.pharmacy, 8, 'delivery-map__pharmacy');
    dot(destination, STYLE.destination, labels.destination, 8, 'delivery-map__destination');
    const trail = L.polyline(
      path.map((p) => [p.lat, p.lng] as [number, number]),
      { color: STYLE.courier.fillColor, weight: 3, dashArray: '4 6' },
    ).addTo(map);
    const start = courier ?? pharmacy;
    const courierMarker = dot(start, STYLE.courier, labels.courier, 10, 'delivery-map__courier');
    if (!courier) courierMarker.setStyle({ opacity: 0, fillOpacity: 0 });
    map.fitBounds(
      L.latLngBounds([
        [pharmacy.lat, pharmacy.lng],
        [destination.lat, destination.lng],
        [start.lat, start.lng],
      ]),
      { padding: [32, 32], maxZoom: 16 },
    );
    parts.current = { map, courier: courierMarker, trail };
    return () => {
      map.remove();
      parts.current = null;
    };
    // The map is built once per order; positions move the courier below.
  }, [pharmacy.lat, pharmacy.lng, destination.lat, destination.lng, tiles?.url]);

  useEffect(() => {
    const current = parts.current;
    if (!current || !courier) return;
    current.courier.setLatLng([courier.lat, courier.lng]).setStyle({ opacity: 1, fillOpacity: 0.9 });
    current.trail.setLatLngs(path.map((p) => [p.lat, p.lng] as [number, number]));
    if (!current.map.getBounds().pad(-0.1).contains([courier.lat, courier.lng])) current.map.panTo([courier.lat, courier.lng]);
  }, [courier, path]);

  return (
    <div
      ref={container}
      className={`delivery-map${tiles ? '' : ' delivery-map--plain'}`}
      role="img"
      aria-label={labels.map}
      data-courier={courier ? `${courier.lat.toFixed(6)},${courier.lng.toFixed(6)}` : ''}
    />
  );
}
