// German translations of the FAQ and the responsible-gaming page; every other page falls back to English.
import type { ContentSeed } from "../content.repository.ts";
import { md, seedsOf } from "./seed-types.ts";

export const germanContent: ContentSeed[] = [
  ...seedsOf("static", "de", [
    {
      identity: "responsible-gaming",
      title: "Verantwortungsvolles Spielen",
      description: "Werkzeuge, damit Spielen Spaß bleibt: Limits, Abkühlphasen, Selbstausschluss und wo du Hilfe findest.",
      body: md`
        Glücksspiel soll Unterhaltung sein – nie ein Weg, Geld zu verdienen oder Problemen zu entkommen.
        Wir geben dir Werkzeuge an die Hand, um die Kontrolle zu behalten, und respektieren immer deine
        Entscheidung, eine Pause einzulegen.

        ## Damit es Spaß bleibt

        - Lege vorher fest, wie viel Geld und Zeit du einsetzen willst, und hör auf, wenn du das Limit erreichst.
        - Spiele nur mit Geld, dessen Verlust du dir leisten kannst. Jage Verlusten niemals hinterher.
        - Spiele nicht, wenn du aufgewühlt, müde oder unter Alkoholeinfluss bist.
        - Sorge für einen Ausgleich zu anderen Aktivitäten und mache regelmäßig Pausen.

        ## Limits, die du festlegen kannst

        Du legst sie in deinem Profil unter [Limits](/profile/limits) fest. Ein Limit, das dein Spiel
        sicherer macht, gilt sofort; das Erhöhen oder Entfernen eines Limits wird erst nach einer
        Wartezeit wirksam.

        | Werkzeug | Was es bewirkt | Zeiträume |
        |---|---|---|
        | Einsatzlimit | Begrenzt die Summe deiner Einsätze | Täglich, wöchentlich oder monatlich |
        | Verlustlimit | Begrenzt, wie viel du verlieren kannst | Täglich, wöchentlich oder monatlich |
        | Einzahlungslimit | Begrenzt, wie viel du einzahlen kannst | Täglich, wöchentlich oder monatlich |
        | Abkühlphase | Eine kurze Pause: Bis zu ihrem Ende kannst du weder spielen noch einzahlen | Ein Zeitraum deiner Wahl |
        | Selbstausschluss | Eine längere Pause von allen Glücksspielen auf der Seite | Ein Zeitraum deiner Wahl |

        ## Warnsignale

        Es ist vielleicht Zeit, aufzuhören und Hilfe zu suchen, wenn du:

        - mehr Geld oder Zeit aufwendest als geplant;
        - dir Geld leihst oder Dinge verkaufst, um zu spielen;
        - dein Spielen vor Familie oder Freunden verbirgst;
        - dich ängstlich, gereizt oder niedergeschlagen fühlst, wenn du nicht spielst;
        - spielst, um Verlorenes zurückzugewinnen.

        ## Hilfe bekommen

        Wenn dir das Glücksspiel Probleme bereitet, bist du nicht allein. Sprich mit jemandem, dem du
        vertraust, und wende dich an eine Beratungsstelle für Glücksspielsucht in deinem Land: Viele
        bieten kostenlose und vertrauliche Beratung per Telefon oder Chat an. Die Anonymen Spieler
        (Gamblers Anonymous) betreiben in vielen Ländern Selbsthilfegruppen. Auch unser Support-Team kann
        ein Limit oder einen Ausschluss für dich einrichten: Du erreichst es über die
        [Support-Seite](/support).

        ## Schutz von Minderjährigen

        Niemand unter 18 Jahren darf spielen. Wenn du ein Gerät mit Kindern teilst, halte dein Passwort
        geheim, melde dich nach dem Spielen ab und erwäge eine Jugendschutz-Software.
      `,
    },
  ]),
  ...seedsOf("question", "de", [
    {
      identity: "registration",
      title: "Wie erstelle ich ein Konto?",
      description: "Registriere dich in wenigen Schritten mit deiner E-Mail-Adresse oder Telefonnummer.",
      body: md`
        Wähle oben auf einer beliebigen Seite **Registrieren**. Du kannst dich mit deiner E-Mail-Adresse
        oder Telefonnummer registrieren oder dich mit einem unterstützten Social-Media-Konto anmelden.

        1. Gib deine E-Mail-Adresse oder Telefonnummer ein und wähle ein Passwort mit mindestens 8 Zeichen.
        2. Wähle die Währung deines Kontos. Weitere Währungen kannst du später zu deiner Wallet hinzufügen.
        3. Bestätige, dass du mindestens 18 Jahre alt bist, und akzeptiere die [Bedingungen](/static/terms).
        4. Bestätige deine E-Mail-Adresse oder Telefonnummer mit dem Code, den wir dir senden.

        Jede Person darf ein Konto besitzen. Wenn du dich bereits registriert hast, melde dich an oder
        setze dein Passwort zurück, statt ein neues Konto zu eröffnen.
      `,
    },
    {
      identity: "verification",
      title: "Warum muss ich meine Identität bestätigen?",
      description: "Warum wir prüfen, wer du bist, welche Dokumente wir anfordern und wie lange es dauert.",
      body: md`
        Das Gesetz verpflichtet uns sicherzustellen, dass jeder Spieler volljährig ist, die Person ist,
        die er angibt, und mit eigenem Geld spielt. Die Verifizierung schützt dein Konto außerdem vor Betrug.

        Meist bitten wir vor deiner ersten Auszahlung um eine Verifizierung, manchmal auch zu anderen
        Zeitpunkten. Möglicherweise benötigen wir:

        - ein Ausweisdokument, etwa Reisepass, Personalausweis oder Führerschein;
        - einen Adressnachweis, etwa eine aktuelle Versorgerrechnung oder einen Kontoauszug;
        - in manchen Fällen einen Nachweis der Zahlungsmethode oder der Herkunft deiner Mittel.

        Lade Dokumente in deinem Profil hoch. Dort siehst du den Status jedes Dokuments: ausstehend,
        bestätigt oder abgelehnt. Wird ein Dokument abgelehnt, sagen wir dir, warum, damit du ein neues
        senden kannst.
      `,
    },
    {
      identity: "deposits",
      title: "Wie zahle ich ein?",
      description: "Geld auf die Wallet einzahlen, eine Zahlungsmethode wählen und was tun, wenn eine Einzahlung fehlt.",
      body: md`
        Öffne deine Wallet und wähle **Einzahlen**.

        1. Wähle das Währungskonto, das du aufladen möchtest.
        2. Wähle eine Zahlungsmethode. Die Auswahl hängt von deinem Land und deiner Währung ab.
        3. Gib den Betrag ein und folge den Schritten des Zahlungsanbieters.

        Die meisten Einzahlungen kommen innerhalb weniger Minuten an. Krypto-Einzahlungen werden
        gutgeschrieben, sobald das Netzwerk die Transaktion bestätigt. Den Status jeder Zahlung siehst du
        im Verlauf deiner Wallet: ausstehend, erfolgreich oder fehlgeschlagen.

        Ist eine Einzahlung nach angemessener Zeit nicht angekommen, prüfe zuerst ihren Status im Verlauf
        und wende dich dann mit den Zahlungsdetails an den [Support](/support).
      `,
    },
    {
      identity: "withdrawals",
      title: "Wie funktionieren Auszahlungen?",
      description: "Wie du auszahlst, wie lange es dauert und warum eine Auszahlung zurückgehalten werden kann.",
      body: md`
        Öffne deine Wallet, wähle **Auszahlen**, eine Zahlungsmethode und den Betrag. Wo möglich, zahlen
        wir über die Methode aus, mit der du eingezahlt hast.

        Vor deiner ersten Auszahlung bitten wir dich möglicherweise, [deine Identität zu
        bestätigen](/questions/verification). Zahlungsanbieter haben eigene Bearbeitungszeiten; wie schnell
        das Geld bei dir ist, hängt also von der gewählten Methode ab.

        Eine Auszahlung kann zurückgehalten werden, wenn:

        - deine Verifizierung nicht abgeschlossen ist;
        - für einen aktiven Bonus noch Umsatz aussteht;
        - die Daten der Zahlungsmethode nicht zu deinem Konto passen.

        Solange eine Auszahlung aussteht, kannst du sie im Verlauf deiner Wallet stornieren; das Geld geht
        dann zurück auf dein Guthaben.
      `,
    },
    {
      identity: "limits-and-self-exclusion",
      title: "Wie kann ich Limits setzen oder eine Pause einlegen?",
      description: "Einsatz-, Verlust- und Einzahlungslimits, Abkühlphase und Selbstausschluss.",
      body: md`
        Öffne dein Profil und dort **Limits**. Du kannst festlegen:

        - **Einsatz-**, **Verlust-** und **Einzahlungslimits**, täglich, wöchentlich oder monatlich;
        - eine **Abkühlphase**, also eine kurze Spielpause;
        - einen **Selbstausschluss**, eine längere Pause von allen Glücksspielen auf der Seite.

        Ein strengeres Limit gilt sofort. Das Erhöhen oder Entfernen eines Limits wird erst nach einer
        Wartezeit wirksam, damit die Entscheidung nicht im Eifer des Gefechts fällt. Während einer
        Abkühlphase oder eines Selbstausschlusses kannst du weder spielen noch wetten oder einzahlen.

        Mehr dazu auf der Seite [Verantwortungsvolles Spielen](/static/responsible-gaming). Wenn du
        möchtest, richtet unser [Support](/support)-Team ein Limit für dich ein.
      `,
    },
    {
      identity: "bonus-wagering",
      title: "Was bedeutet der Umsatz bei einem Bonus?",
      description: "Wie Umsatzbedingungen funktionieren und wann Bonusgeld auszahlbar wird.",
      body: md`
        Die Umsatzbedingung ist der Betrag, den du setzen musst, bevor Bonusgeld und die damit erzielten
        Gewinne ausgezahlt werden können. Sie ist ein Vielfaches des Bonus: Bei einer Bedingung von 30-fach
        braucht jede Einheit Bonus Einsätze von 30 Einheiten.

        - Nur die im Angebot genannten Spiele zählen zum Umsatz, manche nur teilweise.
        - Solange der Bonus aktiv ist, kann ein Höchsteinsatz pro Runde gelten.
        - Die Bedingung muss erfüllt sein, bevor der Bonus abläuft.

        Deinen Fortschritt siehst du im Profil unter **Boni**; dort kannst du einen Bonus auch stornieren,
        wenn du lieber nur mit deinem eigenen Geld spielst. Lies [wie unsere Boni
        funktionieren](/bonus/welcome-bonus) für den vollständigen Überblick.
      `,
    },
    {
      identity: "account-security",
      title: "Wie schütze ich mein Konto?",
      description: "Passwörter, Sitzungen und was zu tun ist, wenn jemand anderes dein Konto benutzt hat.",
      body: md`
        - Verwende ein starkes Passwort, das du nirgendwo sonst nutzt, und gib es nie weiter. Wir fragen
          nie per E-Mail, Telefon oder Chat nach deinem Passwort.
        - Prüfe deine aktiven Sitzungen im Profil unter **Sitzungen**. Du kannst jede Sitzung beenden, die
          du nicht kennst, oder alle außer der aktuellen.
        - Halte deine E-Mail-Adresse und Telefonnummer aktuell: Wir nutzen sie, um wichtige Änderungen zu
          bestätigen und dir bei der Wiederherstellung deines Kontos zu helfen.
        - Melde dich an gemeinsam genutzten oder öffentlichen Geräten ab.

        Wenn du glaubst, dass jemand anderes dein Konto benutzt hat, ändere sofort dein Passwort, beende
        deine anderen Sitzungen und wende dich an den [Support](/support).
      `,
    },
    {
      identity: "contacting-support",
      title: "Wie erreiche ich den Support?",
      description: "Wo du Hilfe findest und was du angeben solltest, damit wir schnell antworten können.",
      body: md`
        Unser Support-Team hilft bei Fragen zu deinem Konto, zu Zahlungen, Boni und Spielen. Du erreichst
        es über die [Support-Seite](/support).

        Für eine schnelle Antwort gib bitte an:

        - die E-Mail-Adresse oder Telefonnummer deines Kontos (niemals dein Passwort);
        - was du tun wolltest und was stattdessen passiert ist;
        - bei Zahlungen Datum, Betrag, Währung und Zahlungsmethode.

        Viele Antworten findest du bereits in diesen [häufigen Fragen](/questions).
      `,
    },
  ]),
];
