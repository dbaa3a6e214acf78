import type { IMPORT_EXTRA_FIELDS, ImportField, ImportMapping } from '@gym/contract/imports';

/** The template's headers (English); proposals map them back. */
export const TEMPLATE_HEADERS: Record<
  Exclude<ImportField, 'fullName' | (typeof IMPORT_EXTRA_FIELDS)[number]>,
  string
> = {
  code: 'Member code',
  firstName: 'First name',
  lastName: 'Last name',
  chineseName: 'Chinese name',
  gender: 'Gender',
  birthday: 'Birthday',
  phone: 'Phone',
  email: 'E-mail',
  address: 'Address',
  emergencyContactName: 'Emergency contact',
  emergencyContactPhone: 'Emergency phone',
  homeCenterCode: 'Centre code',
  status: 'Status',
  source: 'Source',
  notes: 'Notes',
  marketingConsent: 'Marketing consent',
  cardNumber: 'Card number',
  joinedAt: 'Joined on',
  guardianName: 'Guardian name',
  guardianPhone: 'Guardian phone',
  guardianRelationship: 'Guardian relationship',
};

/**
 * Header names the usual exports use, in English and in the other four languages of the app
 * (compared after lower-casing and dropping accents, spaces and punctuation).
 */
const SYNONYMS: Record<ImportField, string[]> = {
  code: [
    'member code',
    'membercode',
    'code',
    'member no',
    'member number',
    'membership no',
    'membership number',
    'member id',
    'id',
    'no',
    'number',
    'customer id',
    'client id',
    'student id',
    'student code',
    'student no',
    'mitgliedsnummer',
    'mitglieds nr',
    'mitgliedsnr',
    'kundennummer',
    'nummer',
    'numero',
    'numero adherent',
    'numero de membre',
    'code membre',
    'numero do membro',
    'numero do socio',
    'matricula',
    'codigo',
    'codigo do aluno',
    '會員編號',
    '会员编号',
    '會員號碼',
    '會員號',
    '編號',
    '编号',
    '學員編號',
  ],
  firstName: [
    'first name',
    'firstname',
    'given name',
    'given names',
    'forename',
    'first',
    'english first name',
    'english name',
    'vorname',
    'prenom',
    'primeiro nome',
    'nome proprio',
    '名',
  ],
  lastName: [
    'last name',
    'lastname',
    'surname',
    'family name',
    'last',
    'nachname',
    'familienname',
    'nom de famille',
    'sobrenome',
    'apelido',
    'ultimo nome',
    '姓',
    '姓氏',
  ],
  fullName: [
    'full name',
    'fullname',
    'name',
    'nome',
    'nom',
    '名字',
    'member name',
    'customer name',
    'client name',
    'student name',
    'member',
    'name des mitglieds',
    'vollstandiger name',
    'nom complet',
    'nome completo',
    'nome do aluno',
    'nome do socio',
    '姓名',
    '會員姓名',
    '会员姓名',
    '全名',
  ],
  chineseName: [
    'chinese name',
    'name chinese',
    'name in chinese',
    'chinesischer name',
    'nom chinois',
    'nome chines',
    '中文名',
    '中文姓名',
    '中文名字',
    '中文名稱',
  ],
  gender: ['gender', 'sex', 'geschlecht', 'genre', 'sexe', 'genero', 'sexo', '性別', '性别'],
  birthday: [
    'birthday',
    'birth date',
    'birthdate',
    'date of birth',
    'dob',
    'born',
    'geburtsdatum',
    'geburtstag',
    'date de naissance',
    'naissance',
    'data de nascimento',
    'nascimento',
    'aniversario',
    '出生日期',
    '生日',
    '出生',
  ],
  phone: [
    'phone',
    'mobile',
    'mobile phone',
    'mobile no',
    'mobile number',
    'cell',
    'cell phone',
    'cellphone',
    'tel',
    'telephone',
    'phone number',
    'contact number',
    'whatsapp',
    'handy',
    'handynummer',
    'telefon',
    'telefonnummer',
    'mobil',
    'mobiltelefon',
    'portable',
    'telephone portable',
    'numero de telephone',
    'telefone',
    'celular',
    'telemovel',
    'telefone celular',
    '電話',
    '电话',
    '手機',
    '手机',
    '手提電話',
    '聯絡電話',
    '联系电话',
    '電話號碼',
    '手機號碼',
  ],
  email: [
    'email',
    'e mail',
    'email address',
    'mail',
    'e mail adresse',
    'emailadresse',
    'courriel',
    'adresse email',
    'adresse e mail',
    'endereco de email',
    'endereco de e mail',
    '電郵',
    '电邮',
    '電子郵件',
    '电子邮件',
    '電郵地址',
    '郵箱',
    '邮箱',
  ],
  address: [
    'address',
    'address line 1',
    'address 1',
    'street address',
    'adresszeile 1',
    'adresse 1',
    'endereco 1',
    '地址1',
    'home address',
    'street',
    'adresse',
    'anschrift',
    'strasse',
    'endereco',
    'morada',
    '地址',
    '住址',
  ],
  addressLine2: ['address line 2', 'address 2', 'adresszeile 2', 'adresse 2', 'complemento', '地址2'],
  city: ['city', 'town', 'stadt', 'ort', 'wohnort', 'ville', 'cidade', 'municipio', '城市', '市'],
  postalCode: [
    'postal code',
    'postcode',
    'post code',
    'zip',
    'zip code',
    'plz',
    'postleitzahl',
    'code postal',
    'cep',
    '郵政編碼',
    '邮编',
    '郵遞區號',
  ],
  country: ['country', 'land', 'pays', 'pais', '國家', '国家', '國家地區'],
  isProspect: [
    'is prospect',
    'prospect',
    'is lead',
    'interessent',
    'prospect ?',
    'e prospecto',
    '潛在客戶',
    '潜在客户',
  ],
  emergencyContactName: [
    'emergency contact',
    'emergency contact name',
    'emergency name',
    'notfallkontakt',
    'notfallkontakt name',
    'contact durgence',
    'personne a prevenir',
    'contato de emergencia',
    'contacto de emergencia',
    '緊急聯絡人',
    '紧急联系人',
  ],
  emergencyContactPhone: [
    'emergency phone',
    'emergency contact phone',
    'emergency number',
    'emergency contact number',
    'notfallnummer',
    'notfalltelefon',
    'telephone durgence',
    'telefone de emergencia',
    '緊急聯絡電話',
    '紧急联系电话',
    '緊急電話',
  ],
  homeCenterCode: [
    'centre code',
    'center code',
    'centre',
    'center',
    'home centre',
    'home center',
    'branch',
    'home club',
    'home location',
    'branch code',
    'club',
    'location',
    'site',
    'studio',
    'filiale',
    'standort',
    'centre de rattachement',
    'salle',
    'unidade',
    'filial',
    'academia',
    '分店',
    '中心',
    '分店編號',
    '會所',
  ],
  status: [
    'status',
    'member status',
    'membership status',
    'state',
    'statut',
    'etat',
    'situacao',
    'estado',
    '狀態',
    '状态',
    '會員狀態',
  ],
  source: [
    'source',
    'lead source',
    'referral source',
    'how did you hear',
    'channel',
    'quelle',
    'herkunft',
    'origine',
    'origem',
    'fonte',
    '來源',
    '来源',
  ],
  notes: [
    'notes',
    'note',
    'remarks',
    'remark',
    'comments',
    'comment',
    'memo',
    'notizen',
    'bemerkungen',
    'anmerkungen',
    'remarques',
    'commentaires',
    'observacoes',
    'notas',
    '備註',
    '备注',
    '附註',
  ],
  marketingConsent: [
    'marketing consent',
    'marketing',
    'newsletter',
    'opt in',
    'optin',
    'consent',
    'accepts marketing',
    'werbeeinwilligung',
    'einwilligung',
    'consentement marketing',
    'consentement',
    'consentimento',
    'aceita marketing',
    '推廣同意',
    '接收推廣',
    '營銷同意',
  ],
  cardNumber: [
    'card number',
    'card',
    'card no',
    'cardno',
    'member card',
    'membership card',
    'rfid',
    'nfc',
    'access card',
    'kartennummer',
    'karte',
    'mitgliedskarte',
    'numero de carte',
    'carte',
    'numero do cartao',
    'cartao',
    '卡號',
    '卡号',
    '會員卡',
    '会员卡',
    '會員卡號',
    '卡',
  ],
  joinedAt: [
    'joined on',
    'joined',
    'join date',
    'joining date',
    'date joined',
    'member since',
    'start date',
    'created',
    'created at',
    'registration date',
    'signup date',
    'eintrittsdatum',
    'mitglied seit',
    'beitrittsdatum',
    'date dinscription',
    'inscription',
    'date dadhesion',
    'data de inscricao',
    'data de adesao',
    'membro desde',
    '入會日期',
    '入会日期',
    '加入日期',
    '登記日期',
  ],
  guardianName: [
    'guardian name',
    'guardian',
    'parent',
    'parent name',
    'erziehungsberechtigter',
    'tuteur',
    'responsavel',
    'nome do responsavel',
    '監護人',
    '监护人',
    '家長',
    '家长',
  ],
  guardianPhone: [
    'guardian phone',
    'parent phone',
    'guardian mobile',
    'telefon erziehungsberechtigter',
    'telephone tuteur',
    'telefone do responsavel',
    '監護人電話',
    '监护人电话',
    '家長電話',
  ],
  guardianRelationship: [
    'guardian relationship',
    'relationship',
    'relation',
    'beziehung',
    'lien de parente',
    'parentesco',
    '關係',
    '关系',
  ],
};

/** Lower case, accents and punctuation removed, spaces collapsed; CJK kept as it is. */
export function headerKey(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A bare "name" header is a full name, unless the file also has a first-name or a last-name column. */
const AMBIGUOUS_NAME = new Set(['name', 'nome', 'nom']);

/**
 * Header names to fields: each synonym (as `headerKey` reads it, and without its spaces; the first
 * field to claim a name keeps it), then the template's own headers, which always win. The member and
 * the timetable imports each build theirs.
 */
export function headerLookup<F extends string>(
  synonyms: Record<F, string[]>,
  templateHeaders: Partial<Record<F, string>>,
): Map<string, F> {
  const lookup = new Map<string, F>();
  for (const [field, names] of Object.entries(synonyms) as [F, string[]][]) {
    for (const name of names) {
      const key = headerKey(name);
      if (!lookup.has(key)) lookup.set(key, field);
      lookup.set(key.replaceAll(' ', ''), lookup.get(key) ?? field);
    }
  }
  for (const [field, header] of Object.entries(templateHeaders) as [F, string][]) lookup.set(headerKey(header), field);
  return lookup;
}

/** Each header's field by `lookup` (exactly, then without spaces), a field to its first column only; the rest skipped. */
export function proposeByLookup<F extends string>(
  headers: readonly string[],
  lookup: ReadonlyMap<string, F>,
): Record<string, F | null> {
  const mapping: Record<string, F | null> = {};
  const taken = new Set<F>();
  for (const header of headers) {
    const key = headerKey(header);
    const field = lookup.get(key) ?? lookup.get(key.replaceAll(' ', ''));
    if (field && !taken.has(field)) {
      mapping[header] = field;
      taken.add(field);
    } else {
      mapping[header] = null;
    }
  }
  return mapping;
}

const LOOKUP = headerLookup<ImportField>(SYNONYMS, TEMPLATE_HEADERS);

/**
 * A mapping proposed from the headers: each header matched against the names above (exactly, then
 * without spaces); a field is given to its first column only; everything else is skipped. When both
 * a full name and first/last name columns are present, the full name column is skipped.
 */
export function proposeMapping(headers: readonly string[]): ImportMapping {
  const mapping: ImportMapping = proposeByLookup(headers, LOOKUP);
  const taken = new Set(Object.values(mapping).filter((f) => f !== null));
  for (const [header, field] of Object.entries(mapping)) {
    if (field !== 'fullName') continue;
    if (taken.has('firstName') && taken.has('lastName')) {
      mapping[header] = null;
    } else if (AMBIGUOUS_NAME.has(headerKey(header)) && taken.has('firstName') !== taken.has('lastName')) {
      // "Vorname" + "Name", "Prénom" + "Nom": the bare word is the surname; "Nome" + "Sobrenome": the given name.
      mapping[header] = taken.has('firstName') ? 'lastName' : 'firstName';
    }
  }
  return mapping;
}

/** The mapping as column indexes: field -> column of the file (headers the file lacks are ignored). */
export function columnsOf(headers: readonly string[], mapping: ImportMapping): Partial<Record<ImportField, number>> {
  const columns: Partial<Record<ImportField, number>> = {};
  headers.forEach((header, index) => {
    const field = mapping[header];
    if (field) columns[field] = index;
  });
  return columns;
}

/** The mapping restricted to the file's headers: every header present, unknown ones dropped. */
export function mappingForHeaders(headers: readonly string[], mapping: ImportMapping): ImportMapping {
  return Object.fromEntries(headers.map((h) => [h, mapping[h] ?? null]));
}
