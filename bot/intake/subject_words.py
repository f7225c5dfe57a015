"""Common school subjects in eight languages: what each is called and the words its notes use.

Data for :mod:`bot.intake.subject_routing`, in the cue syntax of :mod:`bot.intake.cue_match`. ``NAMES``
says what a subject is called (and so which of a repository's subject folders it is: ``maths``,
``organic-chemistry`` and ``biologie`` find theirs); ``TERMS`` lists, per field, words that only that
field's notes tend to use. A word shared by two fields (``energy``) is listed in both, so a note about it
stays plausible for either and the learner is asked. Languages as subjects share one field: grammar,
vocabulary and the like belong to whichever language subject the repository has.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.intake.cue_match import phrases
from bot.intake.cue_words import Lexicon

NAMES: Mapping[str, tuple[str, ...]] = {
    "mathematics": phrases(
        "mathematics, math, maths, shuxue, suugaku, sugaku, matematika, mathematic*, algebra, geometry, "
        "calculus, statistics, arithmetic, trigonometry, matematica*, mathematique*, mathematik, mathe, "
        "sansu, matematik, wiskunde, 数学, 算数, математик*, алгебр*, геометри*"
    ),
    "physics": phrases(
        "physics, physic*, wuli, butsuri, fizika, fisica, physique, physik, fizik, 物理, физик*"
    ),
    "chemistry": phrases(
        "chemistry, chem, huaxue, kagaku, khimiya, himiya, khimia, quimica, chimie, chemie, chimica, "
        "化学, хими*"
    ),
    "biology": phrases(
        "biology, bio, svt, shengwu, seibutsu, biologiya, biologia, biologie, biyoloji, 生物, биологи*"
    ),
    "history": phrases(
        "history, world history, lishi, rekishi, nihonshi, sekaishi, istoriya, historia, histoire, "
        "geschichte, 历史, 歴史, 日本史, 世界史, 中国史, истори*"
    ),
    "geography": phrases(
        "geography, dili, chiri, geografiya, geografia, geographie, erdkunde, 地理, географи*"
    ),
    "computer-science": phrases(
        "computer science, programming, coding, cs, informatics, computing, informatica, informatique, "
        "informatik, informatika, programacao, programacion, programmazione, programmierung, "
        "programmirovanie, programmirovaniye, jisuanji, biancheng, puroguramingu, joho, johou, "
        "计算机, 编程, 程序设计, プログラミング, 情報, информатик*, программировани*"
    ),
    "economics": phrases(
        "economics, economy, economia, economie, wirtschaft, volkswirtschaft*, okonomie, keizai, "
        "keizaigaku, jingji, jingjixue, ekonomika, ekonomiks, 经济, 経済, экономик*"
    ),
    "music": phrases("music, musica, musique, musik, yinyue, ongaku, muzyka, 音乐, 音楽, музык*"),
    "art": phrases(
        "art, arts, arte, kunst, meishu, bijutsu, iskusstvo, 美术, 美術, искусств*, изобразительн*"
    ),
    "philosophy": phrases(
        "philosophy, filosofia, philosophie, zhexue, tetsugaku, filosofiya, 哲学, философи*"
    ),
    "psychology": phrases(
        "psychology, psicologia, psychologie, xinlixue, shinrigaku, psikhologiya, 心理学, психологи*"
    ),
    "english": phrases("english, ingles, anglais, englisch, yingyu, eigo, angliyskiy, 英语, 英語, английск*"),
    "spanish": phrases(
        "spanish, español, castellano, espagnol, spanisch, espanhol, 西班牙语, スペイン語, испанск*"
    ),
    "french": phrases("french, frances, français, französisch, francês, 法语, フランス語, французск*"),
    "german": phrases("german, aleman, allemand, deutsch, alemão, 德语, ドイツ語, немецк*"),
    "portuguese": phrases(
        "portuguese, portugues, portugais, portugiesisch, 葡萄牙语, ポルトガル語, португальск*"
    ),
    "chinese": phrases(
        "chinese, mandarin, chino, chinois, chinesisch, chinês, yuwen, zhongwen, hanyu, 语文, 中文, 汉语, "
        "中国語, китайск*"
    ),
    "japanese": phrases(
        "japanese, japones, japonais, japanisch, japonês, kokugo, nihongo, 日语, 日本語, 国語, японск*"
    ),
    "russian": phrases(
        "russian, ruso, russe, russisch, russo, russkiy, russkij, russkiy yazyk, 俄语, ロシア語, русск* язык*"
    ),
    "italian": phrases("italian, italiano, italien, italienisch, 意大利语, イタリア語, итальянск*"),
    "latin": phrases("latin, latín, latein, 拉丁语, ラテン語, латын*"),
    "literature": phrases(
        "literature, literatura, litterature, literatur, wenxue, bungaku, 文学, литератур*"
    ),
    "medicine": phrases(
        "medicine, medical school, medicina, medecine, medizin, yixue, igaku, meditsina, nursing, "
        "enfermeria, enfermagem, krankenpflege, pharmacology, farmacologia, pharmakologie, "
        "医学, 医科, 看護, 护理, медицин*, фармаколог*"
    ),
    "law": phrases(
        "law school, jurisprudence, legal studies, derecho civil, derecho penal, droit, direito, jura, "
        "rechtswissenschaft*, faxue, falv, hogaku, 法学, 法律, юриспруденц*"
    ),
    "physical-education": phrases(
        "sport science, sports science, physical education, educacion fisica, education physique, "
        "educacao fisica, sportwissenschaft*, tiyu, taiiku, 体育, физкультур*, физическ* культур*"
    ),
    "politics": phrases(
        "politics, political science, ciencia politica, sciences politiques, politikwissenschaft, "
        "zhengzhi, seiji, shakai, obshchestvoznanie, 政治, 社会科, обществознани*, политолог*"
    ),
}

# Folder names that say which subject a folder is but are ordinary words in notes (French "ses", Japanese
# "kango"): they name a folder's subject, never a subject mentioned in a note.
FOLDER_ALIASES: Mapping[str, str] = {
    "ses": "economics",
    "kango": "medicine",
    "eps": "physical-education",
    "pe": "physical-education",
    "lengua": "spanish",
    "nihongo": "japanese",
    "yixue": "medicine",
    "derecho": "law",
    "recht": "law",
    "pravo": "law",
}

# The field whose terms a subject's notes use, when it is not the subject itself.
FIELD_OF: Mapping[str, str] = {
    language: "languages"
    for language in phrases(
        "english, spanish, french, german, portuguese, chinese, japanese, russian, italian, latin, literature"
    )
}

TERMS: Mapping[str, Lexicon] = {
    "mathematics": {
        "en": phrases(
            "circle*, rectangle*, trapezoid*, chain rule, product rule, sequence*, divide, divided, "
            "dividing, by zero, order of operations, mean value, squared, cubed, times table*, "
            "multiplication table*, percent, remainder, quotient, digit*, even number*, odd number*, "
            "number line, place value, rounding, carry the one, long division, compound interest, ratio*, "
            "graph*, x-axis, y-axis, parabola*, circumference, pi, derivative*, integral*, equation*, "
            "inequalit*, fraction*, triangle*, polynomial*, subtract*, limit, limits, quadratic*, algebra*, "
            "geometr*, calculus, trigonometr*, sine, cosine, tangent, hypotenuse, pythagor*, logarithm*, "
            "exponent*, matrix, matrices, vector*, probabilit*, statistic*, median, variance, factoris*, "
            "factoriz*, prime number*, integer*, denominator*, numerator*, decimal*, percentage*, angle*, "
            "perimeter*, area of, radius, diameter, parallel lines, slope, graph of, function, functions, "
            "limit of, ratio test, proportion*, similarity, congruen*, the sign, minus sign, "
            "inequality sign, negative number*, like terms, move* terms, both sides, solve for, vertices, "
            "vertex, coefficient*, square root*, roots of, multipl*, division, divide both, addition, "
            "subtraction, arithmetic, scale factor"
        ),
        "es": phrases(
            "circulo*, rectangulo*, trapecio*, regla de la cadena, sucesion*, discriminante, suma, sumas, "
            "resta, restas, dividir, entre cero, orden de las operaciones, promedio, media aritmetica, "
            "mediana, al cuadrado, tabla* de multiplicar, por ciento, porcentaje*, cociente, numero* par*, "
            "numero* impar*, redondear, interes compuesto, grafica*, parabola*, circunferencia, derivada*, "
            "integral*, ecuacion*, inecuacion*, desigualdad*, fraccion*, triangulo*, polinomio*, cuadratic*, "
            "algebra, geometria, calculo, trigonometria, seno, coseno, hipotenusa, logaritmo*, exponente*, "
            "matriz, matrices, probabilidad*, estadistica, denominador*, numerador*, angulo*, perimetro*, "
            "diametro, funcion, funciones, limite*, raiz cuadrada, coeficiente*, el signo, numeros primos, "
            "despejar, multiplicacion, division"
        ),
        "fr": phrases(
            "aire, cercle*, rectangle*, trapeze*, second degre, discriminant, parallele*, thales, diviser, "
            "par zero, ordre des operations, moyenne, mediane, au carre, table* de multiplication, "
            "pour cent, quotient, nombre* pair*, nombre* impair*, arrondir, interets composes, graphique*, "
            "parabole*, circonference, soustraction*, multiplication*, derivee*, integrale*, equation*, "
            "inequation*, inegalite*, fraction*, triangle*, polynome*, quadratique*, algebre, geometrie, "
            "trigonometrie, sinus, cosinus, hypotenuse, logarithme*, exposant*, matrice*, vecteur*, "
            "probabilite*, statistique*, denominateur*, numerateur*, perimetre*, diametre, fonction, "
            "fonctions, limite*, racine carree, coefficient*, le signe, nombres premiers, pourcentage*"
        ),
        "de": phrases(
            "flache*, flacheninhalt, rechteck*, trapez*, kettenregel, pq-formel, teilen, durch null, "
            "punkt vor strich, reihenfolge der rechen*, mittelwert, durchschnitt, median, hoch zwei, "
            "quadrat*, einmaleins, quotient, gerade zahl*, ungerade zahl*, runden, zinseszins, graph*, "
            "parabel*, kreisumfang, subtraktion*, multiplikation*, division*, ableitung*, integral*, "
            "gleichung*, ungleichung*, bruch, bruche, bruchen, bruchrechnung, dreieck*, polynom*, "
            "quadratisch*, trigonometrie, sinus, kosinus, hypotenuse, logarithm*, exponent*, matrix, "
            "matrizen, vektor*, wahrscheinlichkeit*, statistik, nenner, zahler, winkel*, umfang, "
            "durchmesser, funktion, funktionen, grenzwert*, wurzel, koeffizient*, vorzeichen, primzahl*, "
            "prozent*"
        ),
        "pt": phrases(
            "circulo*, quadrado*, retangulo*, trapezio*, regra da cadeia, sequencia*, discriminante, soma, "
            "somas, dividir, por zero, ordem das operacoes, mediana, ao quadrado, tabuada, por cento, "
            "quociente, numero* par*, numero* impar*, arredondar, juros compostos, grafico*, parabola*, "
            "circunferencia, soma*, subtracao, multiplicacao, divisao, derivada*, integral*, equacao, "
            "equacoes, inequacao, inequacoes, desigualdade*, fracao, fracoes, triangulo*, polinomio*, "
            "quadratic*, algebra, geometria, calculo, trigonometria, seno, cosseno, hipotenusa, logaritmo*, "
            "expoente*, matriz, matrizes, probabilidade*, estatistica, denominador*, numerador*, angulo*, "
            "perimetro*, diametro, funcao, funcoes, limite*, raiz quadrada, coeficiente*, o sinal, "
            "numeros primos, porcentagem"
        ),
        "zh": phrases(
            "正方形, 长方形, 梯形, 链式法则, 数列, 判别式, 不等号, 负数, 两边同时, 除以, 除以零, 运算顺序, "
            "平均数, 平均值, 中位数, 平方, 立方, 乘法表, 百分之, 余数, 偶数, 奇数, 数轴, 四舍五入, 复利, "
            "图像, 抛物线, 圆周, 加法, 减法, 导数, 微分, 积分, 方程, 不等式, 分数, 三角形, 多项式, 二次, "
            "代数, 几何, 微积分, 三角函数, 正弦, 余弦, 斜边, 勾股, 对数, 指数, 矩阵, 向量, 概率, 统计, 分母, "
            "角度, 周长, 直径, 函数, 极限, 平方根, 系数, 变号, 移项, 质数, 素数, 百分比, 相似, 面积, 斜率, "
            "乘法, 除法"
        ),
        "ja": phrases(
            "円の面積, 正方形, 長方形, 台形, 数列, 判別式, 不等号, 負の数, 両辺, 割る, ゼロで割, 計算の順序, "
            "平均値, 中央値, 二乗, 三乗, 九九, パーセント, 余り, 偶数, 奇数, 数直線, 四捨五入, 複利, グラフ, "
            "放物線, 円周, 足し算, 引き算, 導関数, 微分, 積分, 方程式, 不等式, 分数, 三角形, 多項式, 二次, "
            "代数, 幾何, 三角関数, 正弦, 余弦, 斜辺, ピタゴラス, 三平方, 対数, 指数, 行列, ベクトル, 確率, "
            "統計, 分母, 角度, 直径, 関数, 極限, 平方根, 係数, 符号, 移項, 素数, 面積, 相似, 傾き, 掛け算, "
            "割り算, サイン, コサイン, タンジェント"
        ),
        "ru": phrases(
            "квадрат*, прямоугольник*, трапеци*, последовательност*, дискриминант*, делить, делени*, "
            "на ноль, поряд* действий, средн* значени*, среднее, медиан*, в квадрате, таблиц* умножени*, "
            "остаток, частное, четн* числ*, нечетн* числ*, округл*, сложн* процент*, график*, парабол*, "
            "окружност*, сложени*, вычитани*, умножени*, производн*, интеграл*, уравнени*, неравенств*, "
            "дроб*, треугольник*, многочлен*, квадратн*, алгебр*, геометри*, тригонометри*, синус*, "
            "косинус*, гипотенуз*, пифагор*, логарифм*, матриц*, вектор*, вероятност*, статистик*, "
            "знаменател*, числител*, угол, угла, углы, периметр*, диаметр*, функци*, предел*, корень, корни, "
            "коэффициент*, знак, знаки, простые числа, процент*, подоби*, площад*"
        ),
    },
    "physics": {
        "en": phrases(
            "electric charge*, specific heat, electromagnetic*, induction, electric field*, magnetic field*, "
            "work done, absolute zero, kelvin, celsius, nuclear, radioactiv*, speed of sound, echo*, "
            "sound travels, light travels, sound waves, light waves, boiling point, melting point, boil, "
            "boils, melt*, evaporat*, condens*, velocity, acceleration, force, forces, newton*, gravity, "
            "gravitational, momentum, kinetic, potential energy, energy, friction, circuit*, voltage, "
            "electric current, resistor*, ohm*, magnet*, wavelength, frequency, optics, refraction, lens, "
            "lenses, quantum, thermodynamic*, pressure, mass, density, electron*, speed of light, "
            "projectile*, torque, joule*, watt*, pendulum, inertia, displacement"
        ),
        "es": phrases(
            "electromagnetic*, induccion, carga electrica, campo electrico, campo magnetico, potencia, "
            "cero absoluto, kelvin, radiactiv*, velocidad del sonido, velocidad de la luz, "
            "punto de ebullicion, hierve, velocidad, aceleracion, fuerza*, newton, gravedad, cinetica, "
            "energia, friccion, rozamiento, circuito*, voltaje, corriente electrica, resistencia electrica, "
            "ohm, magnet*, onda*, longitud de onda, frecuencia, optica, refraccion, lente*, cuantic*, "
            "termodinamica, presion, masa, densidad, inercia, pendulo"
        ),
        "fr": phrases(
            "electromagneti*, induction, charge electrique, champ electrique, champ magnetique, puissance, "
            "zero absolu, kelvin, radioacti*, vitesse du son, vitesse de la lumiere, point d'ebullition, "
            "bout a, vitesse, acceleration, force*, newton, gravite, quantite de mouvement, cinetique, "
            "energie, frottement*, circuit*, tension electrique, courant electrique, resistance, ohm, "
            "magnet*, onde*, longueur d'onde, frequence, optique, refraction, lentille*, quantique, "
            "thermodynamique, pression, masse, densite, inertie, pendule"
        ),
        "de": phrases(
            "elektromagneti*, induktion, elektrisches feld, magnetfeld, absoluter nullpunkt, kelvin, "
            "radioaktiv*, schallgeschwindigkeit, lichtgeschwindigkeit, siedepunkt, siedet, schmelzpunkt, "
            "geschwindigkeit, beschleunigung, kraft, krafte, newton, schwerkraft, gravitation, impuls, "
            "kinetisch*, energie, reibung, stromkreis*, spannung, elektrischer strom, widerstand, ohm, "
            "magnet*, wellenlange, frequenz, optik, brechung, linse*, quanten*, thermodynamik, masse, "
            "dichte, tragheit, pendel"
        ),
        "pt": phrases(
            "eletromagneti*, inducao, carga eletrica, campo eletrico, campo magnetico, potencia, "
            "zero absoluto, kelvin, radioativ*, velocidade do som, velocidade da luz, ponto de ebulicao, "
            "ferve, velocidade, aceleracao, forca*, newton, gravidade, cinetica, energia, atrito, circuito*, "
            "voltagem, tensao eletrica, corrente eletrica, resistencia, ohm, magnet*, onda*, "
            "comprimento de onda, frequencia, optica, refracao, lente*, quantica, termodinamica, pressao, "
            "densidade, inercia, pendulo"
        ),
        "zh": phrases(
            "电磁, 感应, 电荷, 电场, 功率, 做功, 绝对零度, 开尔文, 放射性, 牛顿第二定律, 牛顿定律, 声速, "
            "光速, 沸点, 熔点, 沸腾, 速度, 加速度, 力学, 牛顿, 重力, 引力, 动量, 动能, 势能, 能量, 摩擦力, "
            "电路, 电压, 电流, 电阻, 欧姆, 磁场, 波长, 频率, 光学, 折射, 透镜, 量子, 热力学, 压强, 质量, "
            "密度, 惯性"
        ),
        "ja": phrases(
            "電磁, 誘導, 電荷, 電場, 電界, 磁界, 仕事率, 絶対零度, ケルビン, 放射性, 音の速さ, 光の速さ, "
            "音速, 光速, 沸点, 融点, 沸騰, 速度, 加速度, 力学, ニュートン, 重力, 運動量, 運動エネルギー, "
            "エネルギー, 摩擦, 回路, 電圧, 電流, 抵抗, オーム, 磁場, 波長, 周波数, 光学, 屈折, レンズ, 量子, "
            "熱力学, 圧力, 質量, 密度, 慣性, 振り子"
        ),
        "ru": phrases(
            "электрическ* заряд*, электромагнит*, индукци*, электрическ* пол*, магнитн* пол*, мощност*, "
            "теплот*, температур*, абсолютн* нул*, кельвин*, радиоактивн*, скорост* звука, скорост* света, "
            "кипени*, кипит, плавлени*, скорост*, ускорени*, сила, силы, силу, ньютон*, гравитаци*, "
            "импульс*, кинетическ*, энерги*, трение, трения, трением, электрическ* цеп*, напряжени*, "
            "электрическ* ток*, сопротивлени*, магнит*, волна, волны, волну, частот*, оптик*, преломлени*, "
            "линз*, квант*, термодинамик*, давлени*, масса, массы, плотност*, инерци*, маятник*"
        ),
    },
    "chemistry": {
        "en": phrases(
            "cation*, anion*, chemical element*, chemical equilibrium, equilibrium, le chatelier, "
            "reactivity series, reactivity, metal*, ph, neutralization, precipitate*, exothermic, "
            "endothermic, combustion, electrolysis, alkane*, organic chemistry, densest, density, "
            "hexagonal structure, boiling point, melting point, evaporat*, condens*, atom*, molecul*, "
            "electron*, proton*, neutron*, ion, ions, ionic, covalent, chemical bond*, chemical reaction*, "
            "reactant*, mole, moles, molar*, oxid*, oxygen, hydrogen, carbon, acid*, alkali*, "
            "periodic table, chemical compound*, isotope*, valence, catalyst*, solvent*, solute, titration, "
            "stoichiometr*"
        ),
        "es": phrases(
            "equilibrio quimico, le chatelier, reactividad, metal*, ph, neutralizacion, precipitado*, "
            "exotermic*, endotermic*, combustion, electrolisis, atomo*, molecula*, electron*, proton*, "
            "neutron*, ion, iones, ionic*, covalente*, enlace* quimico*, reaccion* quimica*, reactivo*, mol, "
            "moles, molar, oxid*, oxigeno, hidrogeno, carbono, acido*, tabla periodica, compuesto*, "
            "isotopo*, valencia, catalizador*, disolvente*, soluto, estequiometria"
        ),
        "fr": phrases(
            "equilibre chimique, le chatelier, reactivite, metal, ph, neutralisation, precipite*, "
            "exothermique*, endothermique*, combustion, electrolyse, temperature de fusion, point de fusion, "
            "atome*, molecule*, electron*, proton*, neutron*, ion, ions, ionique*, covalente*, "
            "liaison* chimique*, reaction* chimique*, reactif*, mole, moles, molaire, oxyd*, oxygene, "
            "hydrogene, carbone, acide*, tableau periodique, isotope*, valence, catalyseur*, solvant*, "
            "titrage, stoechiometrie"
        ),
        "de": phrases(
            "chemisches gleichgewicht, le chatelier, reaktivitat, metall*, ph-wert, neutralisation, "
            "exotherm*, endotherm*, verbrennung, elektrolyse, ionenbindung, atombindung, atom*, molekul*, "
            "elektron*, proton*, neutron*, ion, ionen, ionisch*, kovalent*, chemische bindung*, "
            "chemische reaktion*, reaktion*, mol, molar*, oxid*, sauerstoff, wasserstoff, kohlenstoff, "
            "saure, sauren, periodensystem, isotop*, valenz*, katalysator*, losungsmittel, titration, "
            "stochiometrie"
        ),
        "pt": phrases(
            "equilibrio quimico, le chatelier, reatividade, ph, neutralizacao, precipitado*, combustao, "
            "eletrolise, exotermic*, endotermic*, atomo*, molecula*, eletron*, proton*, neutron*, ion, ions, "
            "ionic*, covalente*, ligacao quimica, ligacoes quimicas, reacao quimica, reacoes quimicas, "
            "reagente*, mol, mols, molar, oxid*, oxigenio, hidrogenio, carbono, acido*, tabela periodica, "
            "composto*, isotopo*, valencia, catalisador*, solvente*, soluto, titulacao, estequiometria"
        ),
        "zh": phrases(
            "化学平衡, 勒夏特列, 活动性, 金属, 碱, 中和, 沉淀, 浓度, 溶液, 燃烧, 电解, 盐酸, 镁, 二氧化碳, "
            "化学方程式, 中和反应, 放热, 吸热, 酸碱, 原子, 分子, 电子, 质子, 中子, 离子, 共价, 化学键, "
            "化学反应, 反应物, 摩尔, 氧化, 氧气, 氢气, 酸性, 碱性, 元素周期表, 化合物, 同位素, 化合价, "
            "催化剂, 溶剂, 溶质, 滴定"
        ),
        "ja": phrases(
            "化学平衡, ルシャトリエ, イオン化傾向, 金属, 塩基, 中和, 沈殿, 濃度, 水溶液, 燃焼, 電気分解, "
            "化学式, 化学反応式, 原子, 分子, 電子, 陽子, 中性子, イオン, 共有結合, 化学結合, 化学反応, "
            "反応物, モル, 酸化, 酸素, 水素, 炭素, 酸性, アルカリ, 周期表, 化合物, 同位体, 原子価, 触媒, "
            "溶媒, 溶質, 滴定"
        ),
        "ru": phrases(
            "катион*, анион*, химическ* равновеси*, ле шателье, активност* металл*, металл*, нейтрализаци*, "
            "раствор*, горени*, электролиз*, химическ*, атом*, молекул*, электрон*, протон*, нейтрон*, ион, "
            "ионы, ионн*, ковалентн*, химическ* связ*, химическ* реакци*, реакци*, моль, молярн*, окисл*, "
            "кислород*, водород*, углерод*, кислот*, щелоч*, менделеев*, изотоп*, валентност*, катализатор*, "
            "растворител*, титровани*"
        ),
    },
    "biology": {
        "en": phrases(
            "white blood cell*, red blood cell*, platelet*, leukocyte*, blood clot*, infection*, antibod*, "
            "vaccine*, replication, strand*, nucleotide*, base pair*, transcription, cell division, "
            "cell membrane, cell wall, vacuole*, ecology, predator*, adaptation*, krebs cycle, "
            "citric acid cycle, atp, nadh, fadh2, glycolysis, the heart, human heart, heart has, "
            "heart pumps, blood, lungs, brain, skeleton, bones, muscle*, plant*, animal*, mammal*, reptile*, "
            "amphibian*, insect*, food chain*, food web*, habitat*, vertebrate*, invertebrate*, pollination, "
            "seeds, roots absorb, nervous system, circulatory, digestive system, immune system, heredity, "
            "cell, cells, cellular, mitosis, meiosis, photosynthes*, chlorophyll, chloroplast*, "
            "mitochondri*, dna, rna, gene, genes, genetic*, chromosome*, protein*, enzyme*, evolution*, "
            "natural selection, species, organism*, ecosystem*, bacteri*, virus, viruses, nucleus, "
            "membrane*, respiration, digestion, digestive, organ, organs, tissue*, neuron*, hormone*, "
            "immune, anatomy, ribosome*, allele*, heredit*, osmosis, energy"
        ),
        "es": phrases(
            "globulos blancos, globulos rojos, plaqueta*, leucocito*, coagulacion, infeccion*, anticuerpo*, "
            "vacuna*, hebra*, nucleotido*, pares de bases, transcripcion, division celular, pared celular, "
            "ecologia, depredador*, adaptacion*, doble helice, replicacion, corazon, sangre, pulmon*, "
            "cerebro, esqueleto, hueso*, planta*, animal*, mamifero*, reptil*, anfibio*, insecto*, "
            "cadena alimentaria, habitat*, vertebrado*, invertebrado*, polinizacion, semilla*, "
            "sistema nervioso, sistema digestivo, sistema inmunologico, energia, celula*, mitosis, meiosis, "
            "fotosintesis, clorofila, cloroplasto*, mitocondria*, adn, arn, gen, genes, genetic*, "
            "cromosoma*, proteina*, enzima*, evolucion, seleccion natural, especie*, organismo*, "
            "ecosistema*, bacteria*, virus, nucleo, membrana*, respiracion celular, digestion, organo*, "
            "tejido*, neurona*, hormona*, inmune, anatomia, ribosoma*, alelo*, herencia, osmosis"
        ),
        "fr": phrases(
            "globules blancs, globules rouges, plaquette*, leucocyte*, coagulation, infection*, anticorps, "
            "vaccin*, replication, nucleotide*, paire* de bases, transcription, division cellulaire, "
            "paroi cellulaire, ecologie, predateur*, proie*, adaptation*, coeur, poumon*, cerveau, "
            "squelette, muscle*, plante*, animal, animaux, mammifere*, reptile*, amphibien*, insecte*, "
            "chaine alimentaire, habitat*, vertebre*, invertebre*, pollinisation, graine*, systeme nerveux, "
            "systeme digestif, systeme immunitaire, energie, cellule*, cellulaire, mitose, meiose, "
            "photosynthese, chlorophylle, chloroplaste*, mitochondri*, adn, arn, gene, genes, genetique*, "
            "chromosome*, proteine*, enzyme*, evolution, selection naturelle, espece*, organisme*, "
            "ecosysteme*, bacterie*, virus, noyau, membrane*, respiration cellulaire, digestion, organe*, "
            "tissu*, neurone*, hormone*, immunit*, anatomie, ribosome*, allele*, heredit*, osmose"
        ),
        "de": phrases(
            "weisse blutkorperchen, rote blutkorperchen, blutplattchen, leukozyt*, blutgerinnung, "
            "infektion*, antikorper*, impfstoff*, replikation, repliziert, strang, strange, nukleotid*, "
            "basenpaar*, transkription, s-phase, zellteilung, zellwand, okologie, anpassung*, herz, herzen, "
            "blut, lunge*, gehirn, skelett, knochen, muskel*, pflanze*, tiere, saugetier*, reptil*, "
            "amphibie*, insekt*, nahrungskette*, lebensraum, wirbeltier*, wirbellose, bestaubung, samen, "
            "nervensystem, verdauungssystem, immunsystem, energie, zelle, zellen, zellular*, mitose, meiose, "
            "photosynthese, fotosynthese, chlorophyll, chloroplast*, mitochondri*, dna, dns, rna, gen, gene, "
            "genetik, genetisch*, chromosom*, protein*, enzym*, evolution, naturliche selektion, organismus, "
            "organismen, okosystem*, bakterie*, virus, viren, zellkern, membran*, zellatmung, verdauung, "
            "organ, organe, gewebe, neuron*, hormon*, anatomie, ribosom*, allel*, vererbung, osmose"
        ),
        "pt": phrases(
            "globulos brancos, globulos vermelhos, plaqueta*, leucocito*, coagulacao, infeccao, infeccoes, "
            "anticorpo*, vacina*, replicacao, nucleotideo*, pares de bases, transcricao, divisao celular, "
            "parede celular, ecologia, predador*, adaptacao, coracao, sangue, pulmo*, cerebro, esqueleto, "
            "osso*, musculo*, planta*, animal, animais, mamifero*, reptil*, reptei*, anfibio*, inseto*, "
            "cadeia alimentar, habitat*, vertebrado*, invertebrado*, polinizacao, semente*, sistema nervoso, "
            "sistema digestivo, sistema imunologico, energia, celula*, mitose, meiose, fotossintese, "
            "clorofila, cloroplasto*, mitocondria*, dna, rna, adn, gene, genes, genetic*, cromossomo*, "
            "proteina*, enzima*, evolucao, selecao natural, especie*, organismo*, ecossistema*, bacteria*, "
            "virus, nucleo, membrana*, respiracao celular, digestao, orgao*, tecido*, neuronio*, hormonio*, "
            "imun*, anatomia, ribossomo*, alelo*, hereditariedade, osmose"
        ),
        "zh": phrases(
            "白细胞, 红细胞, 血小板, 凝血, 感染, 抗体, 疫苗, 复制, 核苷酸, 碱基, 转录, 翻译, 细胞分裂, "
            "细胞壁, 生态, 捕食者, 适应, 光反应, 暗反应, 心脏, 血液, 肺, 大脑, 骨骼, 骨头, 肌肉, 植物, 动物, "
            "哺乳动物, 爬行动物, 两栖动物, 昆虫, 食物链, 栖息地, 脊椎动物, 授粉, 种子, 神经系统, 循环系统, "
            "消化系统, 免疫系统, 能量, 化学能, 细胞, 有丝分裂, 减数分裂, 光合作用, 叶绿素, 叶绿体, 线粒体, "
            "基因, 遗传, 染色体, 蛋白质, 进化, 自然选择, 物种, 生物体, 生态系统, 细菌, 病毒, 细胞核, 细胞膜, "
            "呼吸作用, 消化, 器官, 神经元, 激素, 免疫, 解剖, 核糖体, 等位基因, 渗透"
        ),
        "ja": phrases(
            "白血球, 赤血球, 血小板, 血液凝固, 感染, 抗体, ワクチン, 複製, ヌクレオチド, 塩基, 転写, 翻訳, "
            "細胞分裂, 細胞壁, 生態, 捕食者, 適応, 半透膜, 浸透, クロロフィル, 心臓, 血液, 肺, 脳, 骨格, "
            "筋肉, 植物, 動物, 哺乳類, 爬虫類, 両生類, 昆虫, 食物連鎖, 生息地, 脊椎動物, 受粉, 種子, 神経系, "
            "循環器, 消化器, 免疫系, エネルギー, 細胞, 体細胞分裂, 有糸分裂, 減数分裂, 光合成, 葉緑素, "
            "葉緑体, ミトコンドリア, 遺伝子, 遺伝, 染色体, タンパク質, たんぱく質, 酵素, 進化, 自然選択, "
            "生態系, 細菌, ウイルス, 細胞核, 細胞膜, 呼吸, 消化, 器官, 神経, ホルモン, 免疫, 解剖, "
            "リボソーム, 対立遺伝子"
        ),
        "ru": phrases(
            "лейкоцит*, эритроцит*, тромбоцит*, свертывани*, инфекци*, антител*, вакцин*, репликаци*, "
            "нуклеотид*, азотист* основани*, транскрипци*, делени* клетк*, клеточн* стенк*, экологи*, "
            "хищник*, адаптаци*, кровь, крови, кость, кости, костей, сердц*, легки*, мозг*, скелет*, мышц*, "
            "растени*, животн*, млекопитающ*, рептили*, земноводн*, насеком*, пищев* цеп*, сред* обитани*, "
            "позвоночн*, опылени*, семен*, нервн* систем*, пищеварительн* систем*, иммунн* систем*, энерги*, "
            "клетк*, клеточн*, митоз*, мейоз*, фотосинтез*, хлорофилл*, хлоропласт*, митохондри*, днк, рнк, "
            "ген, гены, генов, генетик*, хромосом*, белок, белки, белков, фермент*, эволюци*, "
            "естественн* отбор*, организм*, экосистем*, бактери*, вирус*, ядро клетки, мембран*, дыхани*, "
            "пищеварени*, орган, органы, органов, ткан*, нейрон*, гормон*, иммун*, анатоми*, рибосом*, "
            "аллел*, наследствен*, осмос*"
        ),
    },
    "history": {
        "en": phrases(
            "king*, queen*, emperor*, pharaoh*, conquest*, invasion*, independence, republic*, dictator*, "
            "revolt*, rebellion*, uprising*, armistice, alliance*, colony, colonies, slavery, abolition, "
            "feudalism, serfdom, reign*, baptism, christianization, prince*, silk road, trade route*, "
            "magna carta, ancient rome, ancient greece, middle ages, bastille, wars, the war, war of, "
            "civil war, treaty, treaties, empire*, revolution*, dynasty, dynasties, century, centuries, "
            "medieval, ancient, civilization*, civilisation*, monarchy, colonial*, coloniz*, colonis*, "
            "constitution, parliament, kingdom, renaissance, reformation, feudal*, crusade*, world war, "
            "cold war, battle of, napoleon*, historical"
        ),
        "es": phrases(
            "rey, reyes, reina*, emperador*, conquista*, invasion*, republica*, dictadura*, dictador*, "
            "revuelta*, rebelion*, levantamiento*, armisticio, alianza*, esclavitud, abolicion, reinado*, "
            "principe*, ruta de la seda, edad media, guerra*, tratado*, imperio*, revolucion*, dinastia*, "
            "siglo*, medieval, civilizacion*, monarquia, colonia*, independencia, constitucion, parlamento, "
            "reino*, faraon*, renacimiento, feudal*, cruzada*, batalla de, historic*"
        ),
        "fr": phrases(
            "roi, rois, reine*, regne, regnes, empereur*, conquete*, invasion*, republique*, dictature*, "
            "dictateur*, revolte*, rebellion*, soulevement*, armistice, alliance*, esclavage, abolition, "
            "prince*, route de la soie, moyen age, guerre*, traite de, empire*, revolution*, dynastie*, "
            "siecle*, medieval*, antiquite, civilisation*, monarchie, colonisation, coloniale, independance, "
            "constitution, parlement, royaume*, pharaon*, renaissance, feodal*, croisade*, bataille de, "
            "historique*"
        ),
        "de": phrases(
            "konig, konige, konigin*, kaiser*, eroberung*, invasion*, republik*, diktatur*, diktator*, "
            "aufstand*, rebellion*, waffenstillstand, bundnis*, sklaverei, abschaffung, regierte, furst*, "
            "weimarer republik, kaiserreich, mauerfall, berliner mauer, wiedervereinigung, seidenstrasse, "
            "krieg*, friedensvertrag, imperium, revolution*, dynastie*, jahrhundert*, mittelalter*, antike, "
            "zivilisation*, monarchie, kolonial*, kolonie*, unabhangigkeit, verfassung, parlament, "
            "konigreich*, pharao*, renaissance, reformation, feudal*, kreuzzug*, weltkrieg*, schlacht*, "
            "historisch*"
        ),
        "pt": phrases(
            "rei, reis, rainha*, imperador*, conquista*, invasao, invasoes, republica*, ditadura*, ditador*, "
            "revolta*, rebeliao, levante*, armisticio, alianca*, escravidao, abolicao, reinado*, principe*, "
            "rota da seda, idade media, guerra*, tratado*, imperio*, revolucao, revolucoes, dinastia*, "
            "seculo*, medieval, civilizacao, monarquia, colonia*, colonial, independencia, constituicao, "
            "parlamento, reino*, farao*, renascimento, feudal*, cruzada*, batalha de, historic*"
        ),
        "zh": phrases(
            "国王, 女王, 皇帝, 征服, 入侵, 共和国, 独裁, 起义, 叛乱, 停战, 同盟, 奴隶制, 废除, 统治, 朝代, "
            "诸侯, 年号, 公元前, 秦朝, 汉朝, 唐朝, 宋朝, 元朝, 明朝, 清朝, 王朝, 丝绸之路, 战争, 条约, 帝国, "
            "革命, 世纪, 中世纪, 古代, 文明, 君主制, 殖民, 独立, 宪法, 议会, 王国, 法老, 文艺复兴, 宗教改革, "
            "封建, 十字军, 世界大战, 冷战, 战役"
        ),
        "ja": phrases(
            "国王, 女王, 天皇, 将軍, 征服, 侵略, 共和国, 独裁, 反乱, 一揆, 停戦, 同盟, 奴隷制, 廃止, 統治, "
            "時代, 藩, 大名, シルクロード, 戦争, 条約, 帝国, 革命, 王朝, 世紀, 中世, 古代, 文明, 君主制, "
            "植民地, 独立, 憲法, 議会, 王国, ファラオ, ルネサンス, 宗教改革, 封建, 十字軍, 世界大戦, 冷戦, "
            "幕府"
        ),
        "ru": phrases(
            "король*, королев*, княз*, княжеств*, царств*, император*, завоевани*, вторжени*, республик*, "
            "диктатур*, восстани*, бунт*, перемири*, рабств*, отмен* крепостн*, крещени*, реформ*, "
            "крепостн*, царь, царя, шелков* пут*, войн*, мирн* договор*, импери*, революци*, династи*, век, "
            "века, веке, веков, средневеков*, древн*, цивилизаци*, монархи*, колони*, независимост*, "
            "конституци*, парламент*, королевств*, фараон*, возрождени*, реформаци*, феодал*, "
            "крестов* поход*, битв*, историческ*"
        ),
    },
    "geography": {
        "en": phrases(
            "river*, lake*, ocean*, sea level, mountain*, plate*, subduct*, fault line*, glaciation, "
            "estuar*, tributar*, basin*, valley*, biome*, rainfall, drought*, climate zone*, temperate, "
            "tropical, arctic, state capital*, province*, states and capitals, earth's crust, earth's core, "
            "core of the earth, mantle, its capital, capital is, capital was, plate boundar*, water cycle, "
            "precipitation, rainforest*, tundra, savanna*, plateau*, delta, peninsula*, archipelago*, "
            "population growth, urbanization, continental drift, continent*, capital city, capital of, "
            "latitude, longitude, climate, tectonic*, volcano*, earthquake*, erosion, population density, "
            "equator, hemisphere*, glacier*, deserts, mountain range*, topograph*, monsoon*"
        ),
        "es": phrases(
            "rio, rios, lago*, oceano*, montaña*, placa*, subduccion, cuenca*, valle*, bioma*, lluvia*, "
            "sequia*, zona climatica, templad*, tropical*, desemboca*, nucleo de la tierra, manto terrestre, "
            "corteza terrestre, su capital, ciclo del agua, precipitacion*, selva tropical, meseta*, "
            "peninsula*, archipielago*, urbanizacion, deriva continental, continente*, capital de, latitud, "
            "longitud, clima, tectonic*, volcan*, terremoto*, sismo*, erosion, hemisferio*, glaciar*, "
            "desierto*, cordillera*, topografi*, monzon*"
        ),
        "fr": phrases(
            "fleuve*, lac, lacs, ocean*, montagne*, plaque*, subduction, bassin*, vallee*, biome*, pluie*, "
            "secheresse*, zone climatique, tempere*, tropica*, capitale*, se jette, riviere*, "
            "noyau terrestre, manteau terrestre, croute terrestre, sa capitale, cycle de l'eau, "
            "precipitation*, foret tropicale, plateau*, peninsule*, archipel*, urbanisation, "
            "derive des continents, continent*, capitale, latitude, longitude, climat, tectonique*, volcan*, "
            "seisme*, tremblement de terre, erosion, equateur, hemisphere*, glacier*, desert*, "
            "chaine de montagnes, topographi*, mousson*"
        ),
        "de": phrases(
            "fluss, flusse, ozean*, subduktion, kuste*, becken, biom*, niederschlag*, durre*, klimazone*, "
            "gemassigt*, tropisch*, bundesland*, hauptstadt*, hauptstadte*, mundet, erdkern, erdmantel, "
            "erdkruste, wasserkreislauf, regenwald*, hochebene*, halbinsel*, archipel*, urbanisierung, "
            "kontinentaldrift, kontinent*, hauptstadt, breitengrad*, langengrad*, klima, plattentektonik, "
            "vulkan*, erdbeben*, erosion, aquator, hemisphare*, halbkugel, gletscher*, wuste*, gebirge*, "
            "topographi*, monsun*"
        ),
        "pt": phrases(
            "rio, rios, lago*, oceano*, montanha*, placa*, subduccao, litoral, bacia*, bioma*, chuva*, "
            "seca*, zona climatica, temperad*, tropica*, floresta*, desagua*, nucleo da terra, "
            "manto terrestre, crosta terrestre, sua capital, ciclo da agua, precipitacao, floresta tropical, "
            "planalto*, peninsula*, arquipelago*, urbanizacao, deriva continental, continente*, capital de, "
            "latitude, longitude, clima, tectonic*, vulcao, vulcoes, terremoto*, sismo*, erosao, "
            "hemisferio*, geleira*, deserto*, cordilheira*, topografi*, moncao"
        ),
        "zh": phrases(
            "河流, 湖泊, 海洋, 山脉, 板块, 海岸, 流域, 盆地, 平原, 岛屿, 边界, 降雨, 干旱, 气候类型, 温带, "
            "热带, 寒带, 省会, 季风气候, 地核, 地幔, 地壳, 水循环, 降水, 雨林, 高原, 半岛, 群岛, 城市化, "
            "大陆漂移, 大陆, 大洲, 首都, 纬度, 经度, 气候, 板块构造, 火山, 地震, 侵蚀, 赤道, 半球, 冰川, "
            "沙漠, 地形, 季风"
        ),
        "ja": phrases(
            "河川, 湖, 海洋, 山地, 海溝, 海岸, 流域, 盆地, 平野, 島国, 国境, 降水量, 干ばつ, 気候帯, 温帯, "
            "熱帯, 寒帯, 都道府県, 県庁所在地, 地核, マントル, 地殻, 水循環, 降水, 熱帯雨林, 高原, 半島, "
            "諸島, 都市化, 大陸移動, 大陸, 首都, 緯度, 経度, 気候, プレート, 火山, 地震, 侵食, 浸食, 赤道, "
            "半球, 氷河, 砂漠, 山脈, 地形, モンスーン, 季節風"
        ),
        "ru": phrases(
            "озер*, океан*, субдукци*, побереж*, бассейн*, равнин*, осадк*, засух*, климатическ* пояс*, "
            "умеренн*, тропическ*, столиц*, ядро земли, мантия, земн* кор*, круговорот* воды, "
            "тропическ* лес*, плато, полуостров*, архипелаг*, урбанизаци*, дрейф* континент*, континент*, "
            "материк*, широт*, долгот*, климат*, тектоник*, вулкан*, землетрясени*, эрози*, экватор*, "
            "полушари*, ледник*, пустын*, горн* хреб*, рельеф*, муссон*"
        ),
    },
    "computer-science": {
        "en": phrases(
            "bugs, memory leak*, default argument*, c#, golang, html, binary search, search algorithm*, "
            "bubble sort, merge sort, quicksort, tree traversal, off-by-one, index*, indices, if statement*, "
            "return value, parameter*, class inheritance, method call*, compile*, error message*, tuple*, "
            "mutable, immutable, integer*, string variable*, algorithm*, recursion, recursive, loop, loops, "
            "looped, looping, variable*, function, functions, array*, list comprehension*, data structure*, "
            "linked list*, binary, compiler*, python, javascript, java, typescript, c++, sql, database*, "
            "big o, sorting, hash table*, pointer*, syntax error, debug*, programming, coding, git, "
            "object-oriented, boolean*, exception*, runtime, api, css"
        ),
        "es": phrases(
            "busqueda binaria, binari*, ordenamiento, cola de prioridad, indice*, sentencia if, parametro*, "
            "error de compilacion, fallo del programa, tupla*, mutable*, inmutable*, algoritmo*, recursion, "
            "recursiv*, bucle*, variable*, arreglo*, estructura* de datos, lista enlazada, binario*, "
            "compilador*, base* de datos, puntero*, error de sintaxis, depura*, programacion, programar"
        ),
        "fr": phrases(
            "recherche binaire, tri a bulles, tri fusion, indice*, parametre*, erreur de compilation, "
            "tuple*, mutable*, immuable*, algorithme*, recursion, recursivite, recursi*, boucle*, variable*, "
            "structure* de donnees, liste chainee, binaire*, compilateur*, base* de donnees, pointeur*, "
            "erreur de syntaxe, debogu*, programmation, programmer"
        ),
        "de": phrases(
            "speicherleck, zeichenkette*, gultigkeitsbereich, quellcode, binare suche, binaersuche, "
            "bubblesort, index, parameter, kompilier*, tupel, veranderbar, algorithm*, rekursion, rekursiv*, "
            "schleife*, variable*, array*, datenstruktur*, verkettete liste, binar*, compiler*, datenbank*, "
            "sortier*, zeiger*, syntaxfehler*, debugg*, programmier*"
        ),
        "pt": phrases(
            "busca binaria, binari*, ordenacao, indice*, parametro*, erro de compilacao, tupla*, mutave*, "
            "imutave*, algoritmo*, recursao, recursiv*, laco*, variave*, estrutura* de dados, lista ligada, "
            "binario*, compilador*, banco* de dados, ponteiro*, erro de sintaxe, depura*, programacao, "
            "programar"
        ),
        "zh": phrases(
            "默认参数, 列表, 内存, 内存泄漏, 字符串, 作用域, 常量, 赋值, 二分查找, 二分搜索, 冒泡排序, "
            "归并排序, 快速排序, 栈, 队列, 索引, 参数, 编译, 算法, 递归, 循环, 变量, 数组, 数据结构, 链表, "
            "二进制, 编译器, 数据库, 排序, 指针, 语法错误, 调试, 编程, 程序, 代码"
        ),
        "ja": phrases(
            "再代入, 代入, 定数, メモリリーク, 文字列, スコープ, 二分探索, バブルソート, マージソート, "
            "クイックソート, スタック, キュー, インデックス, 引数, オブジェクト, コンパイル, バグ, "
            "アルゴリズム, 再帰, ループ, 変数, 配列, データ構造, 連結リスト, 二進数, コンパイラ, "
            "データベース, ソート, ポインタ, 構文エラー, デバッグ, プログラミング, プログラム, コード"
        ),
        "ru": phrases(
            "утечк* памяти, аргумент*, метод*, област* видимости, c++, двоичн* поиск*, бинарн* поиск*, "
            "сортировк* пузырьк*, индекс*, параметр*, компиляци*, алгоритм*, рекурси*, цикл*, переменн*, "
            "массив*, структур* данных, связн* списк*, двоичн*, компилятор*, баз* данных, сортировк*, "
            "указател*, синтаксическ* ошибк*, отладк*, программировани*, код"
        ),
    },
    "economics": {
        "en": phrases(
            "consumption, credit, deflation, exports, imports, taxes, taxation, supply, demand, "
            "demand curve, supply curve, price level, consumer*, producer*, goods and services, scarcity, "
            "equilibrium price, marginal cost, marginal utility, tariff*, unemployment, purchasing power, "
            "exchange rate*, trade deficit, budget deficit, central bank, revenue, investment*, "
            "labour market, labor market, economic*, supply chain*, supply and demand, inflation, gdp, "
            "elasticity, opportunity cost, monopol*, interest rate*, fiscal, monetary, recession"
        ),
        "es": phrases(
            "tasa* de interes, tipo* de interes, politica fiscal, politica monetaria, recesion, consumo, "
            "credito*, deflacion, oferta, demanda, curva de, nivel de precios, consumidor*, productor*, "
            "bienes y servicios, escasez, precio de equilibrio, coste marginal, costo marginal, impuesto*, "
            "arancel*, desempleo, poder adquisitivo, tipo de cambio, banco central, inversion*, economic*, "
            "oferta y demanda, inflacion, pib, elasticidad, costo de oportunidad, monopolio*"
        ),
        "fr": phrases(
            "taux d'interet, politique budgetaire, politique monetaire, recession, consommation, credit*, "
            "deflation, offre, demande, courbe d'offre, courbe de demande, niveau des prix, consommateur*, "
            "producteur*, biens et services, rarete, prix d'equilibre, cout marginal, impot*, taxe*, "
            "chomage, pouvoir d'achat, taux de change, banque centrale, investissement*, economique*, "
            "offre et demande, inflation, pib, elasticite, cout d'opportunite, monopole*"
        ),
        "de": phrases(
            "zinssatz, zinsen, fiskalpolitik, geldpolitik, rezession, konsum, kredit*, deflation, steuern, "
            "besteuerung, angebot, nachfrage, nachfragekurve, angebotskurve, preisniveau, verbraucher*, "
            "konsument*, produzent*, guter, knappheit, gleichgewichtspreis, grenzkosten, steuer*, zoll, "
            "zolle, arbeitslosigkeit, kaufkraft, wechselkurs*, zentralbank, investition*, wirtschaftlich*, "
            "volkswirtschaft*, angebot und nachfrage, inflation, bip, elastizitat, opportunitatskosten, "
            "monopol*"
        ),
        "pt": phrases(
            "taxa* de juros, politica fiscal, politica monetaria, recessao, consumo, credito*, deflacao, "
            "oferta, demanda, procura, curva de, nivel de precos, consumidor*, produtor*, bens e servicos, "
            "escassez, preco de equilibrio, custo marginal, imposto*, tarifa*, desemprego, poder de compra, "
            "taxa de cambio, banco central, investimento*, economic*, oferta e demanda, inflacao, pib, "
            "elasticidade, custo de oportunidade, monopolio*"
        ),
        "zh": phrases(
            "利率, 财政政策, 货币政策, 经济衰退, 消费, 信贷, 通货紧缩, 供给, 需求, 需求量, 供给量, 物价, "
            "消费者, 生产者, 稀缺, 均衡价格, 边际成本, 税收, 关税, 失业, 购买力, 汇率, 央行, 利润, 投资, "
            "经济, gdp, 通胀, 供求, 需求曲线, 通货膨胀, 国内生产总值, 机会成本, 垄断"
        ),
        "ja": phrases(
            "金利, 財政政策, 金融政策, 景気後退, 不況, 消費, 信用, デフレ, 円高, 円安, 輸出, 輸入, 需要, "
            "供給, 需要曲線, 供給曲線, 物価, 消費者, 生産者, 希少性, 均衡価格, 限界費用, 税金, 関税, 失業, "
            "購買力, 為替, 中央銀行, 投資, 経済, gdp, インフレーション, 需要と供給, インフレ, 国内総生産, "
            "機会費用, 独占"
        ),
        "ru": phrases(
            "процентн* ставк*, фискальн* политик*, денежно-кредитн* политик*, рецесси*, потреблени*, "
            "кредит*, дефляци*, спрос, предложени*, кривая спроса, уровень цен, потребител*, производител*, "
            "равновесн* цен*, предельн* издержк*, налог*, пошлин*, безработиц*, покупательн* способност*, "
            "валютн* курс*, центральн* банк*, инвестици*, экономическ*, спрос* и предложени*, инфляци*, ввп, "
            "эластичност*, альтернативн* издержк*, монопол*"
        ),
    },
    "music": {
        "en": phrases(
            "scale, scales, major key, minor key, key of, major chord, minor chord, triad*, interval*, clef, "
            "note values, crotchet*, quaver*, quarter note*, half note*, whole note*, bar line*, crescendo, "
            "symphony, sonata, composer*, cadence*, tonic, dominant, music notes, sheet music, "
            "staff notation, read music, chord*, major scale, minor scale, rhythm*, tempo, melody, harmony, "
            "sharps, treble clef, bass clef, time signature, key signature, octave*, arpeggio*"
        ),
        "es": phrases(
            "escala*, tonalidad*, do mayor, la menor, triada*, intervalo*, sostenido*, bemol*, pentagrama, "
            "clave de fa, corchea*, compas*, sinfonia*, sonata*, compositor*, cadencia*, tonica, dominante, "
            "acorde*, escala mayor, escala menor, ritmo*, melodia*, armonia, clave de sol, compas, octava*"
        ),
        "fr": phrases(
            "gamme*, tonalite*, do majeur, la mineur, triade*, intervalle*, tierce*, quinte*, diese*, "
            "bemol*, portee, cle de fa, croche*, symphonie*, sonate*, compositeur*, cadence*, tonique, "
            "dominante, accords, accord parfait, accord majeur, accord mineur, rythme*, melodie*, harmonie, "
            "cle de sol, mesure a, octave*, dieses, bemols"
        ),
        "de": phrases(
            "durtonleiter*, molltonleiter*, dur-dreiklang*, moll-dreiklang*, tonart*, c-dur, a-moll, "
            "dreiklang*, intervall*, terz, quinte, notenlinie*, bassschlussel, viertelnote*, achtelnote*, "
            "halbe note*, ganze note*, dynamik, sinfonie*, sonate*, komponist*, kadenz*, tonika, dominante, "
            "akkord*, tonleiter*, rhythmus, melodie*, harmonie, violinschlussel, taktart, oktave*"
        ),
        "pt": phrases(
            "escala*, tonalidade*, do maior, la menor, triade*, intervalo*, sustenido*, bemol*, pauta, "
            "pentagrama, clave de fa, seminima*, colcheia*, semibreve*, compasso*, sinfonia*, sonata*, "
            "compositor*, cadencia*, tonica, dominante, acorde*, escala maior, escala menor, ritmo*, "
            "melodia*, harmonia, clave de sol, oitava*"
        ),
        "zh": phrases(
            "大调, 小调, 调号, 三和弦, 音程, 三度, 五度, 升号, 降号, 五线谱, 低音谱号, 四分音符, 八分音符, "
            "二分音符, 全音符, 拍子, 小节, 交响曲, 奏鸣曲, 作曲家, 终止式, 主音, 属音, 和弦, 音阶, 节奏, "
            "旋律, 和声, 高音谱号, 拍号, 八度"
        ),
        "ja": phrases(
            "長調, 短調, ハ長調, イ短調, 調号, 三和音, 音程, 長三度, 短三度, 五度, シャープ, フラット, "
            "五線譜, ヘ音記号, 四分音符, 八分音符, 二分音符, 全音符, 小節, 強弱, 交響曲, ソナタ, 作曲家, "
            "終止形, 主音, 属音, 和音, コード進行, 音階, リズム, 旋律, メロディー, ハーモニー, ト音記号, "
            "拍子, オクターブ"
        ),
        "ru": phrases(
            "мажор*, минор*, тональност*, трезвучи*, интервал*, терци*, квинт*, диез*, бемол*, нотн* стан*, "
            "басов* ключ*, четверт* нот*, восьм* нот*, половинн* нот*, целая нота, симфони*, сонат*, "
            "композитор*, каденци*, тоник*, доминант*, аккорд*, гамм*, ритм*, мелоди*, гармони*, "
            "скрипичн* ключ*, размер такта, октав*"
        ),
    },
    "art": {
        "en": phrases(
            "perspective drawing, vanishing point, brushstroke*, watercolo*, complementary colo*, shading"
        ),
        "es": phrases("punto de fuga, acuarela*, colores complementarios, sombreado"),
        "fr": phrases("point de fuite, aquarelle*, couleurs complementaires, ombrage"),
        "de": phrases("fluchtpunkt, aquarell*, komplementarfarbe*, schattierung"),
        "pt": phrases("ponto de fuga, aquarela*, cores complementares, sombreamento"),
        "zh": phrases("透视, 消失点, 水彩, 互补色, 素描"),
        "ja": phrases("遠近法, 消失点, 水彩, 補色, デッサン"),
        "ru": phrases("точк* схода, акварел*, дополнительн* цвет*, штриховк*"),
    },
    "philosophy": {
        "en": phrases(
            "epistemology, ethics, utilitarian*, categorical imperative, existentialis*, plato, kant, "
            "syllogism*, metaphysic*, empiricism, rationalism, dialectic*, social contract, state of nature, "
            "free will, determinism, virtue ethics, the good life, cogito, allegory of the cave, socrates, "
            "aristotle, descartes, hobbes, locke, rousseau, hume, hegel, nietzsche, spinoza, sartre"
        ),
        "es": phrases(
            "epistemologia, etica, utilitaris*, imperativo categorico, existencialis*, platon, silogismo*, "
            "metafisica, empirismo, racionalismo, dialectica, contrato social, estado de naturaleza, "
            "libre albedrio, determinismo, virtud, duda metodica, mito de la caverna, socrates, aristoteles, "
            "descartes, hobbes, locke, rousseau, hume, hegel, nietzsche, spinoza, sartre"
        ),
        "fr": phrases(
            "epistemologie, ethique, utilitaris*, imperatif categorique, existentialis*, platon, "
            "syllogisme*, metaphysique, empirisme, rationalisme, dialectique, contrat social, "
            "etat de nature, libre arbitre, determinisme, vertu, doute methodique, allegorie de la caverne, "
            "socrate, aristote, descartes, hobbes, locke, rousseau, hume, hegel, nietzsche, spinoza, sartre"
        ),
        "de": phrases(
            "erkenntnistheorie, ethik, utilitaris*, kategorische* imperativ, existentialis*, platon, "
            "syllogismus, metaphysik, empirismus, rationalismus, dialektik, gesellschaftsvertrag, "
            "naturzustand, willensfreiheit, freier wille, determinismus, tugend*, hohlengleichnis, sokrates, "
            "aristoteles, descartes, hobbes, locke, rousseau, hume, hegel, nietzsche, spinoza, sartre"
        ),
        "pt": phrases(
            "epistemologia, etica, utilitaris*, imperativo categorico, existencialis*, platao, silogismo*, "
            "metafisica, empirismo, racionalismo, dialetica, contrato social, estado de natureza, "
            "livre-arbitrio, livre arbitrio, determinismo, virtude, meio-termo, mito da caverna, socrates, "
            "aristoteles, descartes, hobbes, locke, rousseau, hume, hegel, nietzsche, espinosa, sartre"
        ),
        "zh": phrases(
            "认识论, 伦理学, 功利主义, 绝对命令, 存在主义, 柏拉图, 康德, 三段论, 形而上学, 经验主义, "
            "理性主义, 辩证法, 社会契约, 自然状态, 自由意志, 决定论, 美德, 洞穴寓言, 我思故我在, "
            "苏格拉底, 亚里士多德, 笛卡尔, 霍布斯, 洛克, 卢梭, 休谟, 黑格尔, 尼采, 孔子, 老子, 庄子, "
            "孟子"
        ),
        "ja": phrases(
            "認識論, 倫理学, 功利主義, 定言命法, 実存主義, プラトン, カント, 三段論法, 形而上学, "
            "経験論, 合理論, 弁証法, 社会契約, 自然状態, 自由意志, 決定論, 洞窟の比喩, 我思う, "
            "ソクラテス, アリストテレス, デカルト, ホッブズ, ルソー, ヒューム, ヘーゲル, ニーチェ, "
            "孔子, 老子"
        ),
        "ru": phrases(
            "эпистемологи*, этик*, утилитаризм*, категорическ* императив*, экзистенциализм*, платон*, кант*, "
            "силлогизм*, метафизик*, эмпиризм*, рационализм*, диалектик*, общественн* договор*, "
            "естественн* состояни*, свобод* вол*, детерминизм*, добродетел*, сократ, сократа, сократом, "
            "сократу, аристотел*, декарт*, гоббс*, локк*, руссо, гегел*, ницше"
        ),
    },
    "psychology": {
        "en": phrases(
            "stages of grief, cognitive dissonance, confirmation bias, classical conditioning, "
            "operant conditioning, cognitive bias*, short-term memory, working memory, maslow, freud"
        ),
        "es": phrases(
            "condicionamiento clasico, condicionamiento operante, sesgo* cognitivo*, memoria de trabajo"
        ),
        "fr": phrases(
            "conditionnement classique, conditionnement operant, biais cognitif*, memoire de travail"
        ),
        "de": phrases(
            "klassische konditionierung, operante konditionierung, kognitive verzerrung*, arbeitsgedachtnis"
        ),
        "pt": phrases(
            "condicionamento classico, condicionamento operante, vies cognitivo*, memoria de trabalho"
        ),
        "zh": phrases("经典条件反射, 操作性条件反射, 认知偏差, 工作记忆, 短期记忆"),
        "ja": phrases("古典的条件づけ, オペラント条件づけ, 認知バイアス, ワーキングメモリ, 短期記憶"),
        "ru": phrases(
            "классическ* обусловливани*, оперантн* обусловливани*, когнитивн* искажени*, рабоч* памят*"
        ),
    },
    "law": {
        "en": phrases(
            "contract, contracts, contract law, tort, torts, negligence, plaintiff*, defendant*, "
            "the accused, burden of proof, presumption of innocence, legal capacity, legal relations, "
            "invitation to treat, offer and acceptance, breach of contract, voidable, liability, statute*, "
            "case law, self-defence, self-defense, jurisdiction, criminal law, civil law, prosecution, "
            "lawsuit*, legal guardian"
        ),
        "es": phrases(
            "contrato*, legitima defensa, agresion ilegitima, presuncion de inocencia, carga de la prueba, "
            "capacidad juridica, capacidad de obrar, responsabilidad civil, demandante, demandado, acusado*, "
            "codigo civil, codigo penal, jurisprudencia, delito*, anulable"
        ),
        "fr": phrases(
            "contrat*, legitime defense, presomption d'innocence, charge de la preuve, capacite juridique, "
            "responsabilite civile, demandeur, defendeur, code civil, code penal, jurisprudence, delit*"
        ),
        "de": phrases(
            "kaufvertrag*, vertragsschluss, vertragsfreiheit, geschaftsfahig*, geschaftsunfahig*, "
            "schwebend unwirksam, notwehr, unschuldsvermutung, beweislast, rechtsfahig*, haftung, klager*, "
            "beklagte*, angeklagte*, bgb, stgb, straftat*, willenserklarung*"
        ),
        "pt": phrases(
            "contrato*, legitima defesa, agressao injusta, presuncao de inocencia, onus da prova, "
            "capacidade civil, responsabilidade civil, codigo civil, codigo penal, jurisprudencia, anulavel"
        ),
        "zh": phrases(
            "合同, 民事行为能力, 法定代理人, 民事法律行为, 正当防卫, 无罪推定, 举证责任, 被告, 原告, 刑法, "
            "民法, 侵权, 违约"
        ),
        "ja": phrases(
            "契約, 未成年者, 取り消す, 取り消し, 正当防衛, 推定無罪, 無罪推定, 立証責任, 被告, 原告, 民法, "
            "刑法, 不法行為, 債務不履行, 法定代理人"
        ),
        "ru": phrases(
            "дееспособн*, недееспособн*, презумпци* невиновност*, обвиняем*, подсудим*, истец, истца, "
            "ответчик*, бремя доказывания, необходим* оборон*, гражданск* кодекс*, уголовн* кодекс*, "
            "уголовн* прав*, гражданск* прав*"
        ),
    },
    "languages": {
        "en": phrases(
            "past simple, simple past, present simple, third person, false friend*, cognate*, masculine, "
            "feminine, word order, spelling rule*, syllable*, haiku, rhyme*, stanza*, past perfect, "
            "present perfect, future perfect, perfect tense, past participle, grammar, vocabulary, vocab, "
            "verb*, noun*, adjective*, adverb*, pronoun*, preposition*, conjugat*, past tense, "
            "present tense, future tense, tenses, subjunctive, plural, pronunciation, spelling, punctuation, "
            "sentence*, paragraph*, essay*, thesis statement, synonym*, antonym*, idiom*, translation*, "
            "translate, definite article, indefinite article, reading comprehension, words in context, "
            "meaning of the word, comma*, semicolon*, clause*, metaphor*, simile*, poem*, poetry, kanji, "
            "hiragana, katakana, pinyin, cyrillic, declension*, irregular verb*"
        ),
        "es": phrases(
            "preterito indefinido, presente simple, tercera persona, falso* amigo*, falso cognado, "
            "masculino, femenino, orden de las palabras, silaba*, rima*, estrofa*, preterito perfecto, "
            "participio, gramatica, vocabulario, verbo*, sustantivo*, adjetivo*, adverbio*, pronombre*, "
            "preposicion*, conjuga*, tiempo verbal, preterito, imperfecto, subjuntivo, plural, "
            "pronunciacion, ortografia, puntuacion, oracion*, parrafo*, ensayo*, sinonimo*, antonimo*, "
            "modismo*, traduccion*, traducir, articulo definido, comprension lectora, metafora*, poema*, "
            "poesia"
        ),
        "fr": phrases(
            "passe simple, troisieme personne, faux ami*, masculin, feminin, ordre des mots, accord du, "
            "s'accorde, syllabe*, rime*, strophe*, plus-que-parfait, participe passe, grammaire, "
            "vocabulaire, verbe*, adjectif*, adverbe*, pronom*, preposition*, conjugaison*, conjugu*, "
            "passe compose, imparfait, subjonctif, pluriel, prononciation, orthographe, ponctuation, "
            "phrase*, paragraphe*, dissertation*, synonyme*, antonyme*, traduction*, traduire, "
            "article defini, metaphore*, poeme*, poesie"
        ),
        "de": phrases(
            "prasens, perfekt, dritte person, falsche freunde, maskulin, feminin, wortstellung, reim, reime, "
            "silbe*, strophe*, plusquamperfekt, partizip, grammatik, vokabel*, wortschatz, verb, verben, "
            "substantiv*, nomen, adjektiv*, adverb*, pronom*, praposition*, konjugation*, konjugier*, "
            "prateritum, konjunktiv, plural, aussprache, rechtschreibung, zeichensetzung, aufsatz*, "
            "synonym*, antonym*, redewendung*, ubersetz*, leseverstandnis, metapher*, gedicht*, "
            "deklination*, akkusativ, dativ, genitiv"
        ),
        "pt": phrases(
            "preterito, presente simples, terceira pessoa, falso* cognato*, falso* amigo*, masculino, "
            "feminino, ordem das palavras, silaba*, rima*, estrofe*, preterito perfeito, participio, "
            "gramatica, vocabulario, verbo*, substantivo*, adjetivo*, adverbio*, pronome*, preposicao, "
            "preposicoes, conjuga*, subjuntivo, plural, pronuncia, ortografia, pontuacao, frase*, "
            "paragrafo*, redacao, sinonimo*, antonimo*, expressao idiomatica, traducao, traduzir, "
            "artigo definido, interpretacao de texto, metafora*, poema*, poesia"
        ),
        "zh": phrases(
            "过去式, 第三人称, 单数, 假朋友, 阴性, 阳性, 冠词, 语序, 中心思想, 主题句, 音节, 押韵, 诗节, "
            "语法, 词汇, 单词, 动词, 名词, 形容词, 副词, 代词, 介词, 变位, 时态, 过去时, 虚拟语气, 复数, "
            "发音, 拼写, 标点, 句子, 段落, 作文, 同义词, 反义词, 成语, 翻译, 阅读理解, 比喻, 诗歌, 拼音, "
            "汉字"
        ),
        "ja": phrases(
            "三単現, 過去形, 三人称, 単数, 冠詞, 語順, 現在完了, 音節, 韻, 俳句, 文法, 語彙, 単語, 動詞, "
            "名詞, 形容詞, 副詞, 代名詞, 前置詞, 助詞, 活用, 時制, 仮定法, 複数形, 発音, 綴り, スペル, "
            "句読点, 文章, 段落, 作文, 同義語, 類義語, 反意語, 慣用句, 熟語, 翻訳, 読解, 比喩, 漢字, "
            "ひらがな, カタカナ, 敬語"
        ),
        "ru": phrases(
            "прошедш* врем*, третье лицо, третьего лица, ложн* друз* переводчика, мужск* род*, женск* род*, "
            "порядок слов, слог*, рифм*, строф*, причасти*, грамматик*, словар*, лексик*, глагол*, "
            "существительн*, прилагательн*, наречи*, местоимени*, предлог*, спряжени*, сослагательн*, "
            "множественн* числ*, произношени*, орфографи*, правописани*, пунктуаци*, предложени*, абзац*, "
            "сочинени*, эссе, синоним*, антоним*, идиом*, перевод*, метафор*, стих*, поэзи*, падеж*"
        ),
    },
}
