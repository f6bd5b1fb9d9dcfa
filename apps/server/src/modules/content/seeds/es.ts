// Spanish translations of the FAQ and the responsible-gaming page; every other page falls back to English.
import type { ContentSeed } from "../content.repository.ts";
import { md, seedsOf } from "./seed-types.ts";

export const spanishContent: ContentSeed[] = [
  ...seedsOf("static", "es", [
    {
      identity: "responsible-gaming",
      title: "Juego responsable",
      description: "Herramientas para que el juego siga siendo divertido: límites, pausas, autoexclusión y dónde encontrar ayuda.",
      body: md`
        El juego debe ser entretenimiento, nunca una forma de ganar dinero ni de escapar de los problemas.
        Te damos herramientas para mantener el control y siempre respetaremos tu decisión de tomarte un descanso.

        ## Que siga siendo divertido

        - Decide de antemano cuánto dinero y tiempo quieres dedicar, y para cuando llegues al límite.
        - Juega solo con dinero que puedas permitirte perder. Nunca intentes recuperar pérdidas.
        - No juegues si estás alterado, cansado o bajo los efectos del alcohol.
        - Combina el juego con otras actividades y tómate descansos con regularidad.

        ## Límites que puedes establecer

        Los configuras en tu perfil, en [límites](/profile/limits). Un límite que hace el juego más seguro se
        aplica de inmediato; subir o eliminar un límite solo tiene efecto tras un periodo de espera.

        | Herramienta | Qué hace | Periodos |
        |---|---|---|
        | Límite de apuesta | Limita el total que puedes apostar | Diario, semanal o mensual |
        | Límite de pérdida | Limita cuánto puedes perder | Diario, semanal o mensual |
        | Límite de depósito | Limita cuánto puedes depositar | Diario, semanal o mensual |
        | Pausa | Un descanso breve: no puedes jugar ni depositar hasta que termine | El periodo que elijas |
        | Autoexclusión | Un descanso más largo de todo el juego en el sitio | El periodo que elijas |

        ## Señales de alerta

        Puede que sea momento de parar y buscar ayuda si:

        - gastas más dinero o tiempo del que pretendías;
        - pides dinero prestado o vendes cosas para jugar;
        - ocultas tu forma de jugar a tu familia o amigos;
        - te sientes ansioso, irritable o decaído cuando no juegas;
        - juegas para recuperar lo que has perdido.

        ## Pedir ayuda

        Si el juego te está causando problemas, no estás solo. Habla con alguien de confianza y contacta con
        una organización de ayuda al jugador de tu país: muchas ofrecen asesoramiento gratuito y confidencial
        por teléfono o chat. Jugadores Anónimos organiza grupos de apoyo en muchos países. Nuestro equipo de
        soporte también puede establecer un límite o una exclusión por ti: contáctalo desde la [página de
        soporte](/support).

        ## Protección de menores

        Nadie menor de 18 años puede jugar. Si compartes un dispositivo con niños, mantén tu contraseña en
        privado, cierra sesión después de jugar y considera usar un software de control parental.
      `,
    },
  ]),
  ...seedsOf("question", "es", [
    {
      identity: "registration",
      title: "¿Cómo creo una cuenta?",
      description: "Regístrate con tu correo electrónico o número de teléfono en pocos pasos.",
      body: md`
        Elige **Registrarse** en la parte superior de cualquier página. Puedes registrarte con tu correo
        electrónico o tu número de teléfono, o iniciar sesión con una red social compatible.

        1. Introduce tu correo o teléfono y elige una contraseña de al menos 8 caracteres.
        2. Elige la moneda de tu cuenta. Podrás añadir más monedas a tu billetera después.
        3. Confirma que tienes al menos 18 años y acepta los [términos](/static/terms).
        4. Confirma tu correo o teléfono con el código que te enviamos.

        Cada persona puede tener una sola cuenta. Si ya te registraste, inicia sesión o restablece tu
        contraseña en lugar de abrir una cuenta nueva.
      `,
    },
    {
      identity: "verification",
      title: "¿Por qué tengo que verificar mi identidad?",
      description: "Por qué comprobamos quién eres, qué documentos pedimos y cuánto tarda.",
      body: md`
        La ley nos obliga a asegurarnos de que cada jugador es mayor de edad, es quien dice ser y juega con
        su propio dinero. La verificación también protege tu cuenta contra el fraude.

        Normalmente pedimos la verificación antes de tu primer retiro y, a veces, en otros momentos. Es
        posible que te pidamos:

        - un documento de identidad, como pasaporte, DNI o permiso de conducir;
        - un justificante de domicilio, como una factura reciente o un extracto bancario;
        - en algunos casos, una prueba del método de pago o del origen de tus fondos.

        Sube los documentos en tu perfil, donde verás el estado de cada uno: pendiente, aprobado o rechazado.
        Si rechazamos un documento, te explicamos el motivo para que puedas enviar otro.
      `,
    },
    {
      identity: "deposits",
      title: "¿Cómo hago un depósito?",
      description: "Añadir dinero a tu billetera, elegir un método de pago y qué hacer si un depósito se retrasa.",
      body: md`
        Abre tu billetera y elige **Depositar**.

        1. Selecciona la cuenta de moneda que quieres recargar.
        2. Elige un método de pago. La lista depende de tu país y tu moneda.
        3. Introduce el importe y sigue los pasos del proveedor de pagos.

        La mayoría de los depósitos llegan en minutos. Los depósitos en cripto se acreditan cuando la red
        confirma la transacción. Puedes seguir el estado de cada pago en el historial de tu billetera:
        pendiente, completado o fallido.

        Si un depósito no ha llegado tras un tiempo razonable, revisa primero su estado en el historial y
        después contacta con [soporte](/support) indicando los datos del pago.
      `,
    },
    {
      identity: "withdrawals",
      title: "¿Cómo funcionan los retiros?",
      description: "Cómo retirar, cuánto tarda y por qué un retiro puede quedar retenido.",
      body: md`
        Abre tu billetera, elige **Retirar**, selecciona un método de pago e introduce el importe. Siempre
        que sea posible, pagamos a través del mismo método con el que depositaste.

        Antes de tu primer retiro es posible que te pidamos [verificar tu identidad](/questions/verification).
        Cada proveedor de pagos tiene sus propios plazos, así que la rapidez con la que recibas el dinero
        depende del método elegido.

        Un retiro puede quedar retenido cuando:

        - tu verificación no está completa;
        - un bono activo aún tiene apuestas pendientes;
        - los datos del método de pago no coinciden con tu cuenta.

        Mientras un retiro está pendiente, puedes cancelarlo desde el historial de tu billetera y el dinero
        vuelve a tu saldo.
      `,
    },
    {
      identity: "limits-and-self-exclusion",
      title: "¿Cómo puedo poner límites o tomarme un descanso?",
      description: "Límites de apuesta, pérdida y depósito, pausa y autoexclusión.",
      body: md`
        Ve a tu perfil y abre **Límites**. Puedes establecer:

        - límites de **apuesta**, **pérdida** y **depósito**, diarios, semanales o mensuales;
        - una **pausa**, un descanso breve del juego;
        - una **autoexclusión**, un descanso más largo de todo el juego en el sitio.

        Un límite más estricto se aplica de inmediato. Subir o eliminar un límite solo tiene efecto tras un
        periodo de espera, para que la decisión no se tome en caliente. Durante una pausa o autoexclusión no
        puedes jugar, apostar ni depositar.

        Más información en la página de [juego responsable](/static/responsible-gaming). Si lo prefieres,
        nuestro equipo de [soporte](/support) puede establecer un límite por ti.
      `,
    },
    {
      identity: "bonus-wagering",
      title: "¿Qué significa el requisito de apuesta de un bono?",
      description: "Cómo funcionan los requisitos de apuesta y cuándo el dinero del bono se puede retirar.",
      body: md`
        El requisito de apuesta es la cantidad que debes apostar antes de poder retirar el dinero del bono y
        lo que ganes con él. Es un múltiplo del bono: con un requisito de 30 veces, cada unidad de bono
        necesita 30 unidades apostadas.

        - Solo cuentan los juegos indicados en la oferta, y algunos cuentan solo en parte.
        - Mientras el bono está activo puede aplicarse una apuesta máxima por ronda.
        - El requisito debe cumplirse antes de que el bono caduque.

        Puedes seguir tu progreso en tu perfil, en **Bonos**, y cancelar un bono allí si prefieres jugar solo
        con tu dinero. Lee [cómo funcionan nuestros bonos](/bonus/welcome-bonus) para ver el panorama completo.
      `,
    },
    {
      identity: "account-security",
      title: "¿Cómo mantengo segura mi cuenta?",
      description: "Contraseñas, sesiones y qué hacer si crees que otra persona usó tu cuenta.",
      body: md`
        - Usa una contraseña segura que no utilices en ningún otro sitio y no la compartas nunca. Jamás te
          pediremos tu contraseña por correo, teléfono o chat.
        - Revisa tus sesiones activas en tu perfil, en **Sesiones**. Puedes cerrar cualquier sesión que no
          reconozcas, o todas excepto la actual.
        - Mantén al día tu correo y tu teléfono: los usamos para confirmar cambios importantes y ayudarte a
          recuperar tu cuenta.
        - Cierra sesión cuando uses un dispositivo compartido o público.

        Si crees que otra persona ha usado tu cuenta, cambia tu contraseña de inmediato, cierra tus otras
        sesiones y contacta con [soporte](/support).
      `,
    },
    {
      identity: "contacting-support",
      title: "¿Cómo contacto con soporte?",
      description: "Dónde encontrar ayuda y qué incluir para que podamos responder rápido.",
      body: md`
        Nuestro equipo de soporte puede ayudarte con tu cuenta, pagos, bonos y juegos. Contacta con él desde
        la [página de soporte](/support).

        Para recibir una respuesta rápida, incluye:

        - el correo o el teléfono de tu cuenta (nunca tu contraseña);
        - qué intentabas hacer y qué ocurrió en su lugar;
        - en el caso de pagos, la fecha, el importe, la moneda y el método de pago.

        Muchas respuestas ya están en estas [preguntas frecuentes](/questions).
      `,
    },
  ]),
];
