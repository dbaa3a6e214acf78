/**
 * The agreements an organisation starts with (the demo seeds them): a waiver, the membership terms
 * and a personal-training contract, in the five languages, with the placeholders staff would use.
 */
import type { Language } from '@gym/contract/constants';
import type { AgreementKind } from '@gym/contract/signatures';

type Text = { title: string; body: string };

export const DEFAULT_TEMPLATES: { code: string; kind: AgreementKind; texts: Record<Language, Text> }[] = [
  {
    code: 'waiver',
    kind: 'waiver',
    texts: {
      en: {
        title: 'Liability waiver',
        body: 'I, {{member.name}} (member {{member.code}}), take part in training and classes at {{centre.name}} of {{organisation.name}} of my own free will.\n\nI confirm that I am in good health and know of no medical reason not to exercise. I will follow the staff’s instructions and use the equipment as shown. I accept the risks of physical exercise and release {{organisation.name}} from liability for injuries that are not caused by its negligence.\n\nDate: {{today}}',
      },
      de: {
        title: 'Haftungsverzicht',
        body: 'Ich, {{member.name}} (Mitglied {{member.code}}), nehme aus freiem Willen am Training und an Kursen im {{centre.name}} von {{organisation.name}} teil.\n\nIch bestätige, dass ich gesund bin und mir kein medizinischer Grund gegen Sport bekannt ist. Ich befolge die Anweisungen des Personals und benutze die Geräte wie gezeigt. Ich nehme die Risiken körperlicher Betätigung in Kauf und stelle {{organisation.name}} von der Haftung für Verletzungen frei, die nicht durch dessen Fahrlässigkeit verursacht wurden.\n\nDatum: {{today}}',
      },
      fr: {
        title: 'Décharge de responsabilité',
        body: 'Je soussigné(e), {{member.name}} (membre {{member.code}}), participe de mon plein gré aux entraînements et aux cours de {{centre.name}} de {{organisation.name}}.\n\nJe confirme être en bonne santé et ne connaître aucune contre-indication médicale à l’exercice. Je suivrai les consignes du personnel et utiliserai le matériel comme indiqué. J’accepte les risques de l’activité physique et dégage {{organisation.name}} de toute responsabilité pour les blessures qui ne résultent pas de sa négligence.\n\nDate : {{today}}',
      },
      pt: {
        title: 'Termo de responsabilidade',
        body: 'Eu, {{member.name}} (sócio {{member.code}}), participo por minha livre vontade nos treinos e aulas de {{centre.name}} de {{organisation.name}}.\n\nConfirmo que estou de boa saúde e não conheço qualquer razão médica para não praticar exercício. Seguirei as instruções da equipa e usarei o equipamento como indicado. Aceito os riscos do exercício físico e isento {{organisation.name}} de responsabilidade por lesões que não resultem de negligência sua.\n\nData: {{today}}',
      },
      'zh-Hant': {
        title: '免責聲明',
        body: '本人 {{member.name}}（會員編號 {{member.code}}）自願參加 {{organisation.name}} {{centre.name}} 的訓練及課程。\n\n本人確認身體健康，並無任何不宜運動的醫療原因。本人會遵從職員指示，並按示範使用器材。本人接受體能運動的風險，並免除 {{organisation.name}} 對非因其疏忽所引致之受傷的責任。\n\n日期：{{today}}',
      },
    },
  },
  {
    code: 'membership_terms',
    kind: 'membership_terms',
    texts: {
      en: {
        title: 'Membership terms',
        body: 'Between {{organisation.name}} ({{centre.name}}, {{centre.address}}) and {{member.name}} (member {{member.code}}).\n\n1. The membership gives access to the centre during its opening hours, as the plan bought says.\n2. The membership is personal; the card may not be lent.\n3. Fees are paid in advance; a freeze or an extension follows the centre’s rules.\n4. The member follows the house rules and the staff’s instructions.\n\nSale {{sale.number}}: {{sale.items}} — {{sale.total}}\nDate: {{today}}',
      },
      de: {
        title: 'Mitgliedschaftsbedingungen',
        body: 'Zwischen {{organisation.name}} ({{centre.name}}, {{centre.address}}) und {{member.name}} (Mitglied {{member.code}}).\n\n1. Die Mitgliedschaft gewährt Zutritt zum Studio während der Öffnungszeiten, wie der gekaufte Tarif es vorsieht.\n2. Die Mitgliedschaft ist persönlich; die Karte darf nicht verliehen werden.\n3. Beiträge werden im Voraus bezahlt; Pausen und Verlängerungen folgen den Regeln des Studios.\n4. Das Mitglied hält die Hausordnung ein und folgt den Anweisungen des Personals.\n\nVerkauf {{sale.number}}: {{sale.items}} — {{sale.total}}\nDatum: {{today}}',
      },
      fr: {
        title: 'Conditions d’adhésion',
        body: 'Entre {{organisation.name}} ({{centre.name}}, {{centre.address}}) et {{member.name}} (membre {{member.code}}).\n\n1. L’adhésion donne accès au centre pendant ses heures d’ouverture, selon la formule achetée.\n2. L’adhésion est personnelle ; la carte ne peut être prêtée.\n3. Les frais sont payés d’avance ; une suspension ou une prolongation suit les règles du centre.\n4. Le membre respecte le règlement intérieur et les consignes du personnel.\n\nVente {{sale.number}} : {{sale.items}} — {{sale.total}}\nDate : {{today}}',
      },
      pt: {
        title: 'Condições de adesão',
        body: 'Entre {{organisation.name}} ({{centre.name}}, {{centre.address}}) e {{member.name}} (sócio {{member.code}}).\n\n1. A adesão dá acesso ao ginásio durante o horário de abertura, conforme o plano comprado.\n2. A adesão é pessoal; o cartão não pode ser emprestado.\n3. As mensalidades são pagas antecipadamente; congelamentos e prolongamentos seguem as regras do ginásio.\n4. O sócio cumpre o regulamento interno e as instruções da equipa.\n\nVenda {{sale.number}}: {{sale.items}} — {{sale.total}}\nData: {{today}}',
      },
      'zh-Hant': {
        title: '會籍條款',
        body: '{{organisation.name}}（{{centre.name}}，{{centre.address}}）與 {{member.name}}（會員編號 {{member.code}}）之間。\n\n1. 會籍按所購計劃，可於中心開放時間內進入中心。\n2. 會籍僅限本人使用，會員卡不得借予他人。\n3. 費用須預先繳付；暫停或延長會籍按中心規則辦理。\n4. 會員須遵守中心守則及職員指示。\n\n銷售 {{sale.number}}：{{sale.items}} — {{sale.total}}\n日期：{{today}}',
      },
    },
  },
  {
    code: 'pt_contract',
    kind: 'pt_contract',
    texts: {
      en: {
        title: 'Personal training contract',
        body: '{{member.name}} (member {{member.code}}) books personal training with {{organisation.name}} at {{centre.name}}.\n\nSessions are booked with the trainer in advance; a session cancelled less than 24 hours before it starts counts as used. Sessions are valid for the period of the package bought.\n\nDate: {{today}}',
      },
      de: {
        title: 'Personal-Training-Vertrag',
        body: '{{member.name}} (Mitglied {{member.code}}) bucht Personal Training bei {{organisation.name}} im {{centre.name}}.\n\nTermine werden im Voraus mit dem Trainer vereinbart; ein weniger als 24 Stunden vorher abgesagter Termin gilt als genutzt. Die Einheiten gelten für die Laufzeit des gekauften Pakets.\n\nDatum: {{today}}',
      },
      fr: {
        title: 'Contrat de coaching personnel',
        body: '{{member.name}} (membre {{member.code}}) réserve du coaching personnel auprès de {{organisation.name}} à {{centre.name}}.\n\nLes séances sont réservées à l’avance avec le coach ; une séance annulée moins de 24 heures avant son début est due. Les séances sont valables pendant la durée du forfait acheté.\n\nDate : {{today}}',
      },
      pt: {
        title: 'Contrato de treino personalizado',
        body: '{{member.name}} (sócio {{member.code}}) contrata treino personalizado com {{organisation.name}} em {{centre.name}}.\n\nAs sessões são marcadas com antecedência com o treinador; uma sessão cancelada com menos de 24 horas conta como usada. As sessões são válidas durante o período do pacote comprado.\n\nData: {{today}}',
      },
      'zh-Hant': {
        title: '私人教練合約',
        body: '{{member.name}}（會員編號 {{member.code}}）於 {{organisation.name}} {{centre.name}} 預約私人教練課程。\n\n課堂須預先與教練預約；開始前不足 24 小時取消的課堂當作已使用。課堂於所購套票的有效期內有效。\n\n日期：{{today}}',
      },
    },
  },
];
