/** Timetable import: the template's headers and the header names other timetables use, in the app's five languages. */
import type { ClassImportField, ClassImportMapping } from '@gym/contract/class-imports';
import { headerKey } from './mapping.ts';

/** The template's headers (English); proposals map them back. */
export const CLASS_TEMPLATE_HEADERS: Record<ClassImportField, string> = {
  date: 'Date',
  startTime: 'Start',
  endTime: 'End',
  durationMinutes: 'Duration (min)',
  classType: 'Class type',
  room: 'Room',
  teacher: 'Teacher',
  centerCode: 'Centre code',
  capacity: 'Capacity',
  credits: 'Credits',
  mode: 'Mode',
  notes: 'Notes',
};

/** Compared after lower-casing and dropping accents, spaces and punctuation (as the member import's headers). */
const SYNONYMS: Record<ClassImportField, string[]> = {
  date: [
    'date',
    'day',
    'class date',
    'on',
    'datum',
    'tag',
    'kursdatum',
    'jour',
    'date du cours',
    'data',
    'dia',
    '日期',
  ],
  startTime: [
    'start',
    'start time',
    'starts',
    'begins',
    'from',
    'time',
    'beginn',
    'startzeit',
    'uhrzeit',
    'von',
    'debut',
    'heure',
    'heure de debut',
    'inicio',
    'hora',
    'hora de inicio',
    'horario',
    '開始',
    '開始時間',
    '开始时间',
    '時間',
    '时间',
  ],
  endTime: [
    'end',
    'end time',
    'ends',
    'finish',
    'to',
    'until',
    'ende',
    'endzeit',
    'bis',
    'fin',
    'heure de fin',
    'fim',
    'hora de fim',
    'termino',
    '結束',
    '結束時間',
    '结束时间',
  ],
  durationMinutes: [
    'duration',
    'duration min',
    'duration minutes',
    'minutes',
    'mins',
    'length',
    'dauer',
    'dauer min',
    'minuten',
    'duree',
    'duree min',
    'duracao',
    'duracao min',
    '時長',
    '时长',
    '分鐘',
    '分钟',
  ],
  classType: [
    'class type',
    'class',
    'type',
    'activity',
    'course',
    'program',
    'programme',
    'class name',
    'kurs',
    'kursart',
    'kursname',
    'cours',
    'type de cours',
    'activite',
    'aula',
    'tipo de aula',
    'modalidade',
    'atividade',
    '課程',
    '课程',
    '課程類型',
    '课程类型',
    '課堂',
    '類型',
  ],
  room: [
    'room',
    'studio',
    'location',
    'space',
    'hall',
    'raum',
    'saal',
    'salle',
    'sala',
    'espaco',
    '房間',
    '房间',
    '課室',
    '场地',
    '場地',
  ],
  teacher: [
    'teacher',
    'instructor',
    'trainer',
    'coach',
    'staff',
    'teacher email',
    'lehrer',
    'kursleiter',
    'kursleiterin',
    'trainerin',
    'professeur',
    'instructeur',
    'intervenant',
    'professor',
    'instrutor',
    '導師',
    '导师',
    '教練',
    '教练',
    '老師',
    '老师',
  ],
  centerCode: [
    'centre code',
    'center code',
    'centre',
    'center',
    'branch',
    'club',
    'site',
    'standort',
    'filiale',
    'code du centre',
    'centro',
    'codigo do centro',
    'unidade',
    '中心',
    '分店',
    '中心編號',
  ],
  capacity: [
    'capacity',
    'places',
    'spots',
    'spaces',
    'max',
    'max participants',
    'kapazitat',
    'platze',
    'teilnehmer max',
    'capacite',
    'capacidade',
    'vagas',
    'lugares',
    '名額',
    '名额',
    '人數上限',
    '容量',
  ],
  credits: ['credits', 'credit', 'credit cost', 'cost', 'punkte', 'credits requis', 'creditos', '堂數', '点数', '點數'],
  mode: ['mode', 'class mode', 'rental', 'modus', 'modo', '模式'],
  notes: [
    'notes',
    'note',
    'comment',
    'comments',
    'remarks',
    'notizen',
    'bemerkung',
    'remarques',
    'observacoes',
    '備註',
    '备注',
  ],
};

const LOOKUP = new Map<string, ClassImportField>();
for (const [field, names] of Object.entries(SYNONYMS) as [ClassImportField, string[]][]) {
  for (const name of names) {
    const key = headerKey(name);
    if (!LOOKUP.has(key)) LOOKUP.set(key, field);
    if (!LOOKUP.has(key.replaceAll(' ', ''))) LOOKUP.set(key.replaceAll(' ', ''), field);
  }
}
for (const [field, header] of Object.entries(CLASS_TEMPLATE_HEADERS) as [ClassImportField, string][]) {
  LOOKUP.set(headerKey(header), field);
}

/** A mapping proposed from the headers: each field to its first matching column, everything else skipped. */
export function proposeClassMapping(headers: readonly string[]): ClassImportMapping {
  const mapping: ClassImportMapping = {};
  const taken = new Set<ClassImportField>();
  for (const header of headers) {
    const key = headerKey(header);
    const field = LOOKUP.get(key) ?? LOOKUP.get(key.replaceAll(' ', ''));
    if (field && !taken.has(field)) {
      mapping[header] = field;
      taken.add(field);
    } else {
      mapping[header] = null;
    }
  }
  return mapping;
}
