import type { CategoryTemplates } from '../types';
import alternativeMedicine from './alternative-medicine';
import beauty from './beauty';
import cardio from './cardio';
import coldAndFlu from './cold-and-flu';
import eyesNoseEars from './eyes-nose-ears';
import family from './family';
import firstAid from './first-aid';
import homePharmacy from './home-pharmacy';
import lifestyle from './lifestyle';
import men from './men';
import oralCare from './oral-care';
import plantBased from './plant-based';
import seasonal from './seasonal';
import skinHairNails from './skin-hair-nails';
import sleepAndNerves from './sleep-and-nerves';
import stomach from './stomach';
import tests from './tests-and-devices';
import vitamins from './vitamins';
import women from './women';

/** Product lines per category; the order inside a file is the order editors see in the JSON. */
export const categoryTemplates: CategoryTemplates[] = [
  coldAndFlu,
  firstAid,
  beauty,
  women,
  family,
  men,
  eyesNoseEars,
  skinHairNails,
  stomach,
  oralCare,
  sleepAndNerves,
  vitamins,
  plantBased,
  alternativeMedicine,
  cardio,
  tests,
  homePharmacy,
  lifestyle,
  seasonal,
];
