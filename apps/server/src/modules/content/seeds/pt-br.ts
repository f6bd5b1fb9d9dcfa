// Brazilian Portuguese translations of the FAQ and the responsible-gaming page; every other page falls back to English.
import type { ContentSeed } from "../content.repository.ts";
import { md, seedsOf } from "./seed-types.ts";

export const brazilianPortugueseContent: ContentSeed[] = [
  ...seedsOf("static", "pt-br", [
    {
      identity: "responsible-gaming",
      title: "Jogo responsável",
      description: "Ferramentas para o jogo continuar divertido: limites, pausas, autoexclusão e onde encontrar ajuda.",
      body: md`
        Jogar deve ser diversão, nunca uma forma de ganhar dinheiro ou de fugir dos problemas. Oferecemos
        ferramentas para você manter o controle e sempre respeitaremos sua decisão de fazer uma pausa.

        ## Para continuar divertido

        - Decida antes quanto dinheiro e tempo quer gastar, e pare quando chegar ao limite.
        - Jogue apenas com dinheiro que você pode perder. Nunca tente recuperar perdas.
        - Não jogue quando estiver chateado, cansado ou sob efeito de álcool.
        - Equilibre o jogo com outras atividades e faça pausas regulares.

        ## Limites que você pode definir

        Você os define no seu perfil, em [limites](/profile/limits). Um limite que torna o jogo mais seguro
        vale na hora; aumentar ou remover um limite só tem efeito depois de um período de espera.

        | Ferramenta | O que faz | Períodos |
        |---|---|---|
        | Limite de aposta | Limita o total que você pode apostar | Diário, semanal ou mensal |
        | Limite de perda | Limita quanto você pode perder | Diário, semanal ou mensal |
        | Limite de depósito | Limita quanto você pode depositar | Diário, semanal ou mensal |
        | Pausa | Uma parada curta: você não pode jogar nem depositar até ela terminar | O período que você escolher |
        | Autoexclusão | Uma parada mais longa de todos os jogos do site | O período que você escolher |

        ## Sinais de alerta

        Talvez seja hora de parar e procurar ajuda se você:

        - gasta mais dinheiro ou tempo do que pretendia;
        - pega dinheiro emprestado ou vende coisas para jogar;
        - esconde o jogo da família ou dos amigos;
        - fica ansioso, irritado ou para baixo quando não está jogando;
        - joga para recuperar o que perdeu.

        ## Como conseguir ajuda

        Se o jogo está causando problemas, você não está sozinho. Converse com alguém de confiança e procure
        uma organização de apoio a jogadores no seu país: muitas oferecem orientação gratuita e sigilosa por
        telefone ou chat. Os Jogadores Anônimos mantêm grupos de apoio em muitos países. Nossa equipe de
        suporte também pode definir um limite ou uma exclusão para você: fale com ela pela [página de
        suporte](/support).

        ## Proteção de menores

        Ninguém com menos de 18 anos pode jogar. Se você divide um dispositivo com crianças, mantenha sua
        senha em sigilo, saia da conta depois de jogar e considere usar um software de controle parental.
      `,
    },
  ]),
  ...seedsOf("question", "pt-br", [
    {
      identity: "registration",
      title: "Como crio uma conta?",
      description: "Cadastre-se com seu e-mail ou número de telefone em poucos passos.",
      body: md`
        Escolha **Cadastrar** no topo de qualquer página. Você pode se cadastrar com seu e-mail ou número de
        telefone, ou entrar com uma rede social compatível.

        1. Informe seu e-mail ou telefone e escolha uma senha com pelo menos 8 caracteres.
        2. Escolha a moeda da sua conta. Você pode adicionar outras moedas à carteira depois.
        3. Confirme que tem pelo menos 18 anos e aceite os [termos](/static/terms).
        4. Confirme seu e-mail ou telefone com o código que enviamos.

        Cada pessoa pode ter uma única conta. Se você já se cadastrou, entre ou redefina sua senha em vez de
        abrir uma conta nova.
      `,
    },
    {
      identity: "verification",
      title: "Por que preciso verificar minha identidade?",
      description: "Por que conferimos quem você é, quais documentos pedimos e quanto tempo leva.",
      body: md`
        A lei exige que tenhamos certeza de que cada jogador é maior de idade, é quem diz ser e joga com o
        próprio dinheiro. A verificação também protege sua conta contra fraudes.

        Normalmente pedimos a verificação antes do seu primeiro saque e, às vezes, em outros momentos.
        Podemos pedir:

        - um documento de identidade, como passaporte, RG ou carteira de motorista;
        - um comprovante de endereço, como uma conta recente ou extrato bancário;
        - em alguns casos, um comprovante do meio de pagamento ou da origem dos seus recursos.

        Envie os documentos no seu perfil, onde você vê o status de cada um: pendente, aprovado ou recusado.
        Se um documento for recusado, explicamos o motivo para você enviar outro.
      `,
    },
    {
      identity: "deposits",
      title: "Como faço um depósito?",
      description: "Adicionar dinheiro à carteira, escolher um meio de pagamento e o que fazer se um depósito atrasar.",
      body: md`
        Abra sua carteira e escolha **Depositar**.

        1. Selecione a conta de moeda que deseja abastecer.
        2. Escolha um meio de pagamento. A lista depende do seu país e da sua moeda.
        3. Informe o valor e siga os passos do provedor de pagamento.

        A maioria dos depósitos chega em minutos. Depósitos em cripto são creditados depois que a rede
        confirma a transação. Você acompanha o status de cada pagamento no histórico da carteira: pendente,
        concluído ou com falha.

        Se um depósito não chegar depois de um tempo razoável, confira primeiro o status no histórico e
        depois fale com o [suporte](/support) informando os dados do pagamento.
      `,
    },
    {
      identity: "withdrawals",
      title: "Como funcionam os saques?",
      description: "Como sacar, quanto tempo leva e por que um saque pode ficar retido.",
      body: md`
        Abra sua carteira, escolha **Sacar**, selecione um meio de pagamento e informe o valor. Sempre que
        possível, pagamos pelo mesmo meio usado no depósito.

        Antes do primeiro saque, podemos pedir que você [verifique sua identidade](/questions/verification).
        Cada provedor de pagamento tem seus próprios prazos, então a rapidez com que o dinheiro chega depende
        do meio escolhido.

        Um saque pode ficar retido quando:

        - sua verificação não está concluída;
        - um bônus ativo ainda tem apostas a cumprir;
        - os dados do meio de pagamento não correspondem à sua conta.

        Enquanto um saque estiver pendente, você pode cancelá-lo no histórico da carteira e o dinheiro volta
        para o seu saldo.
      `,
    },
    {
      identity: "limits-and-self-exclusion",
      title: "Como defino limites ou faço uma pausa?",
      description: "Limites de aposta, perda e depósito, pausa e autoexclusão.",
      body: md`
        Vá ao seu perfil e abra **Limites**. Você pode definir:

        - limites de **aposta**, **perda** e **depósito**, diários, semanais ou mensais;
        - uma **pausa**, uma parada curta no jogo;
        - uma **autoexclusão**, uma parada mais longa de todos os jogos do site.

        Um limite mais rígido vale na hora. Aumentar ou remover um limite só tem efeito depois de um período
        de espera, para que a decisão não seja tomada no calor do momento. Durante uma pausa ou autoexclusão,
        você não pode jogar, apostar nem depositar.

        Saiba mais na página de [jogo responsável](/static/responsible-gaming). Se preferir, nossa equipe de
        [suporte](/support) pode definir um limite para você.
      `,
    },
    {
      identity: "bonus-wagering",
      title: "O que significa o requisito de apostas de um bônus?",
      description: "Como funcionam os requisitos de apostas e quando o dinheiro do bônus pode ser sacado.",
      body: md`
        O requisito de apostas é o valor que você precisa apostar antes de poder sacar o dinheiro do bônus e
        o que ganhar com ele. Ele é um múltiplo do bônus: com um requisito de 30 vezes, cada unidade de bônus
        exige 30 unidades em apostas.

        - Só contam os jogos listados na oferta, e alguns contam apenas em parte.
        - Enquanto o bônus estiver ativo, pode haver uma aposta máxima por rodada.
        - O requisito precisa ser cumprido antes de o bônus expirar.

        Acompanhe seu progresso no perfil, em **Bônus**, e cancele um bônus ali se preferir jogar só com seu
        dinheiro. Leia [como nossos bônus funcionam](/bonus/welcome-bonus) para ver o quadro completo.
      `,
    },
    {
      identity: "account-security",
      title: "Como mantenho minha conta segura?",
      description: "Senhas, sessões e o que fazer se você achar que outra pessoa usou sua conta.",
      body: md`
        - Use uma senha forte que você não usa em nenhum outro lugar e nunca a compartilhe. Nunca pediremos
          sua senha por e-mail, telefone ou chat.
        - Confira suas sessões ativas no perfil, em **Sessões**. Você pode encerrar qualquer sessão que não
          reconheça, ou todas menos a atual.
        - Mantenha seu e-mail e telefone atualizados: usamos esses dados para confirmar mudanças importantes
          e ajudar você a recuperar a conta.
        - Saia da conta ao usar um dispositivo compartilhado ou público.

        Se você achar que outra pessoa usou sua conta, troque a senha imediatamente, encerre as outras sessões
        e fale com o [suporte](/support).
      `,
    },
    {
      identity: "contacting-support",
      title: "Como falo com o suporte?",
      description: "Onde encontrar ajuda e o que informar para respondermos rápido.",
      body: md`
        Nossa equipe de suporte pode ajudar com sua conta, pagamentos, bônus e jogos. Fale com ela pela
        [página de suporte](/support).

        Para uma resposta rápida, informe:

        - o e-mail ou telefone da sua conta (nunca a sua senha);
        - o que você estava tentando fazer e o que aconteceu;
        - no caso de pagamentos, a data, o valor, a moeda e o meio de pagamento.

        Muitas respostas já estão nestas [perguntas frequentes](/questions).
      `,
    },
  ]),
];
